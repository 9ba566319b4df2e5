import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { demoLogin, type DemoContext } from '../../../db/seed-demo.js';
import { billingSettings, recurringInvoices, users } from '../../../db/schema/index.js';
import { firstPeriodFrom, type Schedule } from '../../../../shared/contracts/billing-recurring.js';
import { addDays, DEFAULT_SCHOOL_ZONE, todayIn } from '../../../../shared/school-clock.js';

/**
 * The demo's billing settings and recurring invoices (issue 11): Riverside charges a $10.00 late
 * fee on an invoice still open a week after its due date, and bills Chloe Nguyen's voice lessons
 * on the 1st of every month (sent automatically); Lucas Kim's every four weeks is paused. Their
 * next period is after today, so the job issues nothing the moment the demo starts.
 */
export async function seedRecurringDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, ['admin', 'chloenguyen', 'lucaskim'].map((u) => demoLogin(ctx, u))));
  const id = (username: string) => {
    const found = rows.find((r) => r.username === demoLogin(ctx, username));
    if (!found) throw new Error(`The recurring invoices demo needs the demo user ${username}`);
    return found.id;
  };
  const rma = id('admin');
  await tx.insert(billingSettings).values({ adminId: rma, currency: 'USD', defaultDueDays: 14, lateFeeCents: 1000, lateFeeAfterDays: 7 });

  // The demo schools keep New York's clock (db/seed-demo.ts).
  const tomorrow = addDays(todayIn(DEFAULT_SCHOOL_ZONE, now), 1);
  const termStart = addDays(tomorrow, -57);
  const monthly: Schedule = { frequency: 'monthly', dayOfMonth: 1, startsOn: termStart };
  const fourWeekly: Schedule = { frequency: 'weekly', intervalWeeks: 4, startsOn: termStart };
  await tx.insert(recurringInvoices).values([
    {
      adminId: rma, studentId: id('chloenguyen'), ...monthly, dayOfMonth: 1, intervalWeeks: null, nextIssueOn: firstPeriodFrom(monthly, tomorrow),
      lines: [{ description: 'Private voice lessons, 30 min (4 lessons)', quantity: 4, unitPriceCents: 4000 }, { description: 'Sheet music', quantity: 1, unitPriceCents: 1500 }],
      discountCents: 0, note: 'Monthly tuition: thank you for singing with us!', dueDays: 14, autoSend: true, active: true, createdBy: rma,
    },
    {
      adminId: rma, studentId: id('lucaskim'), ...fourWeekly, dayOfMonth: null, intervalWeeks: 4, nextIssueOn: firstPeriodFrom(fourWeekly, tomorrow),
      lines: [{ description: 'Private piano lessons, 45 min (4 lessons)', quantity: 4, unitPriceCents: 5000 }],
      discountCents: 2000, note: 'Paused over the family holiday.', dueDays: 10, autoSend: false, active: false, createdBy: rma,
    },
  ]);
}
