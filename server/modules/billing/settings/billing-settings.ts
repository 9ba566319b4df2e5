import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { billingSettings } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { forbidden } from '../../../lib/http-errors.js';
import { mayEditBillingSettings, mayReadBillingSettings } from '../../../policies/billing-settings.js';
import { recordActivity } from '../../activities/index.js';
import { dollarsOf } from '../../../../shared/money.js';
import { DEFAULT_BILLING_SETTINGS, type BillingSettings, type billingSettingsForm } from '../../../../shared/contracts/billing-settings.js';

export type BillingSettingsRow = { currency: string; defaultDueDays: number; lateFeeCents: number; lateFeeAfterDays: number };

/** The school's billing rules: its row, or the defaults while it has none. */
export async function loadBillingSettings(tx: Tx, adminId: string): Promise<BillingSettingsRow> {
  const [row] = await tx.select().from(billingSettings).where(eq(billingSettings.adminId, adminId));
  return row ?? { ...DEFAULT_BILLING_SETTINGS };
}

function present(row: BillingSettingsRow, canEdit: boolean): BillingSettings {
  return {
    currency: row.currency, defaultDueDays: row.defaultDueDays, lateFee: dollarsOf(row.lateFeeCents), lateFeeAfterDays: row.lateFeeAfterDays, canEdit,
  };
}

export async function getBillingSettings(tx: Tx, actor: Actor): Promise<BillingSettings> {
  if (!mayReadBillingSettings(actor)) throw forbidden();
  return present(await loadBillingSettings(tx, actor.adminId!), mayEditBillingSettings(actor));
}

/** Saves the school's settings (one row a school) and records it on Recent activities. */
export async function saveBillingSettings(tx: Tx, actor: Actor, form: z.output<typeof billingSettingsForm>): Promise<BillingSettings> {
  if (!mayEditBillingSettings(actor)) throw forbidden();
  const adminId = actor.adminId!;
  const values = { currency: form.currency, defaultDueDays: form.defaultDueDays, lateFeeCents: form.lateFee, lateFeeAfterDays: form.lateFeeAfterDays, updatedAt: new Date() };
  const [row] = await tx.insert(billingSettings).values({ adminId, ...values })
    .onConflictDoUpdate({ target: billingSettings.adminId, set: values }).returning();
  await recordActivity(tx, { adminId, actorId: actor.accountableId, ip: actor.ip, action: 'billing.settingsSaved' });
  return present(row!, true);
}
