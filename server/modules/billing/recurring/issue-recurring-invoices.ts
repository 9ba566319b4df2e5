import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { invoices, recurringInvoices } from '../../../db/schema/index.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { periodAfter, type RecurringFrequency } from '../../../../shared/contracts/billing-recurring.js';
import { createInvoice, sendInvoice, type InvoiceRow } from '../invoices/index.js';
import { addDays } from '../../../../shared/school-clock.js';
import { schoolToday, schoolTodaySql } from '../../../lib/school-clock.js';

export const ISSUE_RECURRING_JOB = 'issue-recurring-invoices';
const BATCH = 200;

/** What a test may do inside the issuing transaction (a process dying half way). */
export type IssueHooks = { afterCreate?: (invoice: InvoiceRow) => void | Promise<void> };

type Due = { id: string; admin_id: string };

/**
 * Templates with a period due: one query on recurring_invoices_due_idx (next_issue_on, active
 * only). The first condition bounds the index range by the latest "today" of any zone (UTC+14 is
 * at most a day ahead of UTC); the second is each school's own today.
 */
async function dueTemplates(db: Database, now: Date): Promise<Due[]> {
  const { rows } = await db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`
    select r.id, r.admin_id from recurring_invoices r join schools s on s.admin_id = r.admin_id
    where r.active and r.next_issue_on <= (${now.toISOString()}::timestamptz at time zone 'UTC')::date + 1
      and r.next_issue_on <= ${schoolTodaySql('s', now)}
    order by r.next_issue_on, r.id limit ${BATCH}`));
  return rows as Due[];
}

/**
 * One period of one template, in one transaction: the template is locked (SKIP LOCKED: another node
 * working on it is left alone), the period's invoice created with recurring_invoice_id and
 * period_starts_on (their unique key refuses a second), sent when the template says so, and the
 * template moved on to its next period (inactive once that is past its end). A crash anywhere
 * before the commit leaves nothing behind, and the next run does it all again, once.
 */
export async function issueNextPeriod(
  db: Database, box: SecretBox, appUrl: string, due: Due, now: Date, hooks: IssueHooks = {},
): Promise<'issued' | 'skipped' | 'ended' | 'none'> {
  return db.transaction({ kind: 'school', adminId: due.admin_id }, async (tx) => {
    const today = await schoolToday(tx, due.admin_id, now);
    const [r] = await tx.select().from(recurringInvoices)
      .where(and(eq(recurringInvoices.id, due.id), eq(recurringInvoices.active, true), lte(recurringInvoices.nextIssueOn, today)))
      .for('update', { skipLocked: true });
    if (!r) return 'none';
    const period = r.nextIssueOn;
    if (r.endsOn && period > r.endsOn) {
      await tx.update(recurringInvoices).set({ active: false }).where(eq(recurringInvoices.id, r.id));
      return 'ended';
    }
    // A schedule changed back onto a period already billed: that period is done.
    const [billed] = await tx.select({ id: invoices.id }).from(invoices)
      .where(and(eq(invoices.recurringInvoiceId, r.id), eq(invoices.periodStartsOn, period)));
    if (!billed) {
      const invoice = await createInvoice(tx, box, {
        adminId: r.adminId, studentId: r.studentId, discountCents: r.discountCents, note: r.note, createdBy: null,
        lines: r.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
        recurringInvoiceId: r.id, periodStartsOn: period, issuedOn: today, dueOn: addDays(today, r.dueDays),
      });
      await hooks.afterCreate?.(invoice);
      if (r.autoSend) await sendInvoice(tx, box, appUrl, invoice.id, null);
    }
    const next = periodAfter({ ...r, frequency: r.frequency as RecurringFrequency }, period);
    await tx.update(recurringInvoices).set({ nextIssueOn: next, active: !(r.endsOn && next > r.endsOn) }).where(eq(recurringInvoices.id, r.id));
    return billed ? 'skipped' : 'issued';
  });
}

/**
 * The job: every due period of every active template, each once, however many nodes run it at
 * the same moment. Missed periods (a node down for a month) are caught up one by one. Answers how
 * many invoices it issued; a template that fails is reported and left for the next run.
 */
export async function issueRecurringInvoices(
  db: Database, box: SecretBox, appUrl: string,
  options: { now?: Date; hooks?: IssueHooks; onError?: (id: string, error: unknown) => void } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  let issued = 0;
  for (;;) {
    const due = await dueTemplates(db, now);
    let moved = false;
    for (const d of due) {
      try {
        const outcome = await issueNextPeriod(db, box, appUrl, d, now, options.hooks);
        if (outcome === 'issued') issued += 1;
        // 'none': another node holds the template, or it is no longer due.
        if (outcome !== 'none') moved = true;
      } catch (error) {
        options.onError?.(d.id, error);
      }
    }
    if (!moved) return issued;
  }
}
