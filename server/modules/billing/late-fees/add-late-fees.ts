import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { invoiceLines, invoices, schools } from '../../../db/schema/index.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { queueEmail } from '../../../services/email/queue-email.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { billToOfInvoice, cardChargeInFlight, payLinkOf, readableDate, recomputeInvoiceTotals } from '../invoices/index.js';
import { loadBillingSettings } from '../settings/billing-settings.js';
import { lateFeeEmail } from './late-fee-email.js';
import { amountDueCents } from '../../../../shared/money.js';
import { addDays, todayIn } from '../../../../shared/school-clock.js';
import { schoolTodaySql, schoolZoneSql } from '../../../lib/school-clock.js';

export const ADD_LATE_FEES_JOB = 'add-late-fees';
export const LATE_FEE_DESCRIPTION = 'Late fee';
const BATCH = 500;

type Due = { id: string; admin_id: string };

/**
 * Open invoices owed a late fee: one query on invoices_open_due_idx (due_on, open only). A fee is
 * due once today, where the school is, has reached due_on + late_fee_after_days (at least one
 * day): so due_on is at most UTC's today (no zone is more than a day ahead), which bounds the
 * index range; the rest is each school's own rule.
 */
async function dueForLateFee(db: Database, now: Date): Promise<Due[]> {
  const at = now.toISOString();
  const { rows } = await db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`
    select i.id, i.admin_id from invoices i
    join billing_settings b on b.admin_id = i.admin_id and b.late_fee_cents > 0
    join schools s on s.admin_id = i.admin_id
    where i.status = 'open' and i.due_on <= (${at}::timestamptz at time zone 'UTC')::date
      and i.late_fee_added_at is null
      and i.due_on + b.late_fee_after_days <= ${schoolTodaySql('s', now)}
    order by i.due_on, i.id limit ${BATCH}`));
  return rows as Due[];
}

/**
 * One invoice's fee, in one transaction: the invoice is locked (SKIP LOCKED) and taken only while
 * open with no fee yet and no card charge pending (the next run adds it); the "Late fee" line and late_fee_added_at are written together, the totals
 * recomputed from the lines, and the payer emailed (queued: sent once the fee commits). Twice or
 * on two nodes at once, an invoice gets one fee.
 */
export async function addLateFee(db: Database, box: SecretBox, appUrl: string, due: Due, now: Date): Promise<boolean> {
  return db.transaction({ kind: 'school', adminId: due.admin_id }, async (tx) => {
    const [invoice] = await tx.select().from(invoices)
      .where(and(eq(invoices.id, due.id), eq(invoices.status, 'open'), isNull(invoices.lateFeeAddedAt)))
      .for('update', { skipLocked: true });
    if (!invoice) return false;
    // A pending card charge was for the balance without the fee: the fee waits for its outcome (decision 070).
    if (await cardChargeInFlight(tx, invoice.id)) return false;
    const settings = await loadBillingSettings(tx, invoice.adminId);
    const [school] = await tx.select({ name: schools.schoolName, zone: schoolZoneSql() }).from(schools).where(eq(schools.adminId, invoice.adminId));
    if (settings.lateFeeCents <= 0 || todayIn(school!.zone, now) < addDays(invoice.dueOn, Math.max(1, settings.lateFeeAfterDays))) return false;

    const [{ position }] = (await tx.execute(sql`select coalesce(max(position) + 1, 0)::int as position from invoice_lines where invoice_id = ${invoice.id}`)).rows as [{ position: number }];
    await tx.insert(invoiceLines).values({
      adminId: invoice.adminId, invoiceId: invoice.id, position, kind: 'late_fee', description: LATE_FEE_DESCRIPTION,
      quantity: 1, unitPriceCents: settings.lateFeeCents, amountCents: settings.lateFeeCents,
    });
    await tx.update(invoices).set({ lateFeeAddedAt: now }).where(eq(invoices.id, invoice.id));
    const updated = await recomputeInvoiceTotals(tx, invoice.id, now);

    // The bill-to party's address (bill-to.ts, the one rule), as the invoice itself was sent.
    const party = await billToOfInvoice(tx, invoice);
    const recipient = party.mailTo;
    if (recipient?.email) {
      await queueEmail(tx, {
        kind: 'invoice-late-fee', adminId: invoice.adminId, userId: recipient.id, to: recipient.email,
        ...lateFeeEmail({
          payerFirstName: recipient.firstName, studentName: party.mailAbout,
          schoolName: school!.name, number: formatInvoiceNumber(invoice.number), dueOn: readableDate(invoice.dueOn), feeCents: settings.lateFeeCents,
          balanceCents: amountDueCents(updated.totalCents, updated.paidCents), currency: updated.currency, payLink: payLinkOf(box, appUrl, updated),
        }),
      });
    }
    return true;
  });
}

/** The job: every open invoice owed its late fee gets it, once. Answers how many got one. */
export async function addLateFees(
  db: Database, box: SecretBox, appUrl: string,
  options: { now?: Date; onError?: (id: string, error: unknown) => void } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  let added = 0;
  for (;;) {
    const due = await dueForLateFee(db, now);
    let moved = false;
    for (const d of due) {
      try {
        if (await addLateFee(db, box, appUrl, d, now)) {
          added += 1;
          moved = true;
        }
      } catch (error) {
        options.onError?.(d.id, error);
      }
    }
    // A full batch that all went through may have more behind it; anything less is the end.
    if (!moved || due.length < BATCH) return added;
  }
}
