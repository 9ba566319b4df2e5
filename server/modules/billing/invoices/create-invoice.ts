import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { invoiceCounters, invoiceLines, invoices, users } from '../../../db/schema/index.js';
import { fieldError } from '../../../lib/http-errors.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { INVOICE_MESSAGES } from '../../../../shared/contracts/billing-invoices.js';
import { invoiceTotalsOf, lineAmountCents } from '../../../../shared/money.js';
import { billedPayerOf } from '../../relations/index.js';
import { newPayToken } from './pay-link.js';
import { loadSchoolBilling } from './school-billing.js';
import { addDays, todayIn } from '../../../../shared/school-clock.js';

/** A line as a service gives it: money in cents. `kind` is item (default), lesson or late_fee. */
export type NewInvoiceLine = { description: string; quantity: number; unitPriceCents: number; kind?: 'item' | 'lesson' | 'late_fee'; lessonId?: string | null };

export type NewInvoice = {
  adminId: string;
  studentId: string;
  lines: NewInvoiceLine[];
  discountCents?: number;
  /** 'YYYY-MM-DD'; defaults to the issue date plus the school's default_due_days. */
  dueOn?: string;
  /** 'YYYY-MM-DD' on the school's clock; defaults to today there. */
  issuedOn?: string;
  note?: string;
  /** Who made it (null for a job). */
  createdBy: string | null;
  recurringInvoiceId?: string | null;
  periodStartsOn?: string | null;
};

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The school's next invoice number: one statement on the counter row, in the invoice's own
 * transaction. The row lock it takes is held until commit, so concurrent creations queue on it and
 * numbers come out sequential and unique; a rolled-back invoice gives its number back unused.
 */
export async function nextInvoiceNumber(tx: Tx, adminId: string): Promise<number> {
  const [row] = await tx.insert(invoiceCounters).values({ adminId, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.adminId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ n: invoiceCounters.lastNumber });
  return row!.n;
}

/** The school's student, or the form's field error. */
export async function assertStudentOfSchool(tx: Tx, adminId: string, studentId: string): Promise<void> {
  const [student] = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.id, studentId), eq(users.adminId, adminId), eq(users.role, 'student')));
  if (!student) throw fieldError('studentId', INVOICE_MESSAGES.studentNotInSchool);
}

/**
 * A new draft invoice: the next number, the payer, a pay token, the lines and their totals. The
 * caller has checked the student and lines (assertStudentOfSchool); amounts are computed here.
 */
export async function createInvoice(tx: Tx, box: SecretBox, input: NewInvoice): Promise<InvoiceRow> {
  const school = await loadSchoolBilling(tx, input.adminId);
  const issuedOn = input.issuedOn ?? todayIn(school.timeZone);
  const dueOn = input.dueOn ?? addDays(issuedOn, school.defaultDueDays);
  const lines = input.lines.map((l, position) => ({
    position, kind: l.kind ?? (l.lessonId ? 'lesson' : 'item'), description: l.description, quantity: l.quantity,
    unitPriceCents: l.unitPriceCents, amountCents: lineAmountCents(l.quantity, l.unitPriceCents), lessonId: l.lessonId ?? null,
  }));
  const { subtotalCents, discountCents, totalCents } = invoiceTotalsOf(lines, input.discountCents ?? 0);
  const payerId = await billedPayerOf(tx, input.adminId, input.studentId);
  const number = await nextInvoiceNumber(tx, input.adminId);
  const { payTokenHash, payTokenSealed } = newPayToken(box);
  const [invoice] = await tx.insert(invoices).values({
    adminId: input.adminId, number, studentId: input.studentId, payerId, status: 'draft', currency: school.currency,
    issuedOn, dueOn, subtotalCents, discountCents, totalCents, paidCents: 0,
    note: input.note ?? '', payTokenHash, payTokenSealed, createdBy: input.createdBy,
    recurringInvoiceId: input.recurringInvoiceId ?? null, periodStartsOn: input.periodStartsOn ?? null,
  }).returning();
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, adminId: input.adminId, invoiceId: invoice!.id })));
  return invoice!;
}
