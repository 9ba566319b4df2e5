import type { Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import type { ActivityAction } from '../../../../shared/contracts/activities.js';
import { recordActivity } from '../../activities/index.js';

/**
 * One line of Recent activities about an invoice: "Eleanor Whitfield sent the invoice INV-000012
 * (Lily Chen)". The number and the student's name are kept in the line; work a job does alone
 * (no actor) records nothing here.
 */
export async function recordInvoiceActivity(
  tx: Tx, actor: Pick<Actor, 'accountableId' | 'ip'> | null, action: ActivityAction,
  invoice: { adminId: string; number: number; id: string }, studentName: string, detail?: string,
): Promise<void> {
  if (!actor) return;
  const name = `${formatInvoiceNumber(invoice.number)} (${detail ? `${studentName}, ${detail}` : studentName})`;
  await recordActivity(tx, { adminId: invoice.adminId, actorId: actor.accountableId, action, ip: actor.ip, meta: { name, invoiceId: invoice.id } });
}
