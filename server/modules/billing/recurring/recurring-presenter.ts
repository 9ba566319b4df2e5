import type { recurringInvoices } from '../../../db/schema/index.js';
import { dollarsOf, invoiceTotalsOf } from '../../../../shared/money.js';
import { scheduleLabel, type RecurringFrequency, type RecurringItem } from '../../../../shared/contracts/billing-recurring.js';

type Row = typeof recurringInvoices.$inferSelect;

/** "Piano lessons × 4, Book fee": what a period bills, in a line. */
export function linesSummary(lines: Row['lines']): string {
  return lines.map((l) => (l.quantity > 1 ? `${l.description} × ${l.quantity}` : l.description)).join(', ');
}

/** The template as JSON: money in dollars, the schedule in words, no next date once it has ended. */
export function presentRecurring(r: Row, student: { first_name: string; last_name: string }, issuedCount: number): RecurringItem {
  const ended = r.endsOn !== null && r.nextIssueOn > r.endsOn;
  return {
    _id: r.id,
    student: { _id: r.studentId, ...student },
    lines: r.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: dollarsOf(l.unitPriceCents) })),
    linesSummary: linesSummary(r.lines),
    discount: dollarsOf(r.discountCents),
    amount: dollarsOf(invoiceTotalsOf(r.lines, r.discountCents).totalCents),
    note: r.note,
    frequency: r.frequency as RecurringFrequency,
    dayOfMonth: r.dayOfMonth,
    intervalWeeks: r.intervalWeeks,
    schedule: scheduleLabel({ frequency: r.frequency as RecurringFrequency, dayOfMonth: r.dayOfMonth, intervalWeeks: r.intervalWeeks }),
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    nextInvoiceOn: ended ? null : r.nextIssueOn,
    dueDays: r.dueDays,
    autoSend: r.autoSend,
    active: r.active,
    issuedCount,
  };
}
