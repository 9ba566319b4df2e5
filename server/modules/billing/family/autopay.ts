import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { autopaySettings, invoices } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest } from '../../../lib/http-errors.js';
import { decideActAsPayer } from '../../../policies/billing-family.js';
import { recordActivity } from '../../activities/index.js';
import { FAMILY_MESSAGES as M, type AutopayBody, type FamilyStudent } from '../../../../shared/contracts/billing-family.js';
import { billingStudentFor } from './billing-student.js';
import type { FamilyContext } from './family-context.js';
import { defaultCardOf } from './saved-cards.js';

/**
 * POST /paymentbilling/autopay: the payer switches a student's autopay. On needs a default card
 * of the payer's own (it is what the job charges). Switching it on (from off) also gives the
 * student's open invoices a fresh start: a schedule of retries that had run out tries again.
 */
export async function setAutopay(tx: Tx, actor: Actor, body: Required<AutopayBody>, ctx: FamilyContext): Promise<FamilyStudent> {
  const now = ctx.now();
  const student = await billingStudentFor(tx, actor, body.studentId, decideActAsPayer);
  if (body.enabled && !(await defaultCardOf(tx, actor.id, student.adminId, ctx))) {
    throw badRequest(M.autopayNeedsCard, { enabled: M.autopayNeedsCard });
  }
  const [before] = await tx.select({ enabled: autopaySettings.enabled }).from(autopaySettings).where(eq(autopaySettings.studentId, student.studentId));
  const values = { enabled: body.enabled, updatedBy: actor.accountableId, updatedAt: now };
  await tx.insert(autopaySettings).values({ studentId: student.studentId, adminId: student.adminId, ...values })
    .onConflictDoUpdate({ target: autopaySettings.studentId, set: values });
  const changed = (before?.enabled ?? false) !== body.enabled;
  if (changed && body.enabled) {
    await tx.update(invoices).set({ autopayFailures: 0, autopayNextAt: null })
      .where(and(eq(invoices.studentId, student.studentId), eq(invoices.status, 'open')));
  }
  if (changed) {
    await recordActivity(tx, {
      adminId: student.adminId, actorId: actor.accountableId, action: body.enabled ? 'autopay.on' : 'autopay.off', targetUserId: student.studentId, ip: actor.ip,
    });
  }
  return { _id: student.studentId, first_name: student.firstName, last_name: student.lastName, autopay: body.enabled };
}

/**
 * Autopay on for a student at the payer's word given elsewhere (asking for a plan with a card):
 * the subscription's invoices are then charged on their due dates. The payer is named as who
 * switched it.
 */
export async function enableAutopayFor(tx: Tx, s: { studentId: string; adminId: string; payerId: string }): Promise<void> {
  const [before] = await tx.select({ enabled: autopaySettings.enabled }).from(autopaySettings).where(eq(autopaySettings.studentId, s.studentId));
  if (before?.enabled) return;
  const values = { enabled: true, updatedBy: s.payerId, updatedAt: new Date() };
  await tx.insert(autopaySettings).values({ studentId: s.studentId, adminId: s.adminId, ...values })
    .onConflictDoUpdate({ target: autopaySettings.studentId, set: values });
  await recordActivity(tx, { adminId: s.adminId, actorId: s.payerId, action: 'autopay.on', targetUserId: s.studentId, ip: null });
}
