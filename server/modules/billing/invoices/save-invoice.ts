import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { invoiceLines, invoices, lessons } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest } from '../../../lib/http-errors.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { INVOICE_MESSAGES, type InvoiceFormValues, type InvoiceUpdateValues } from '../../../../shared/contracts/billing-invoices.js';
import { lineAmountCents } from '../../../../shared/money.js';
import { attendedBy, billedPayerOf } from '../../relations/index.js';
import { assertStudentOfSchool, createInvoice, type NewInvoiceLine } from './create-invoice.js';
import { recordInvoiceActivity } from './invoice-activity.js';
import { findInvoice, fullNameOf, peopleOf } from './invoice-facts.js';
import { refuseWhileCharging } from './invoice-lock.js';
import { recomputeInvoiceTotals } from './invoice-totals.js';
import { sendInvoice } from './send-invoice.js';

/**
 * The form's lines in cents. A line naming a lesson must name one of the student's lessons at this
 * school (the field's error otherwise, as a picked reference answers: decision 024).
 */
async function linesFrom(tx: Tx, adminId: string, studentId: string, form: Pick<InvoiceFormValues, 'lines'>): Promise<NewInvoiceLine[]> {
  const lessonIds = [...new Set(form.lines.flatMap((l) => (l.lessonId ? [l.lessonId] : [])))];
  if (lessonIds.length > 0) {
    const found = await tx.select({ id: lessons.id }).from(lessons).where(and(
      eq(lessons.adminId, adminId), inArray(lessons.id, lessonIds),
      attendedBy({ id: sql`${lessons.id}`, classGroupId: sql`${lessons.classGroupId}` }, sql`(${studentId}::uuid)`),
    ));
    const known = new Set(found.map((r) => r.id));
    const bad = form.lines.findIndex((l) => l.lessonId && !known.has(l.lessonId));
    if (bad >= 0) throw badRequest(INVOICE_MESSAGES.lessonNotOfStudent, { [`lines.${bad}.lessonId`]: INVOICE_MESSAGES.lessonNotOfStudent });
  }
  return form.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPrice, lessonId: l.lessonId ?? null }));
}

export type SavedInvoice = { id: string; emailedTo: string | null; sent: boolean };

/** "Save as draft" or "Send" on the New Invoice form. */
export async function createInvoiceFromForm(tx: Tx, actor: Actor, box: SecretBox, appUrl: string, form: InvoiceFormValues): Promise<SavedInvoice> {
  const adminId = actor.adminId!;
  await assertStudentOfSchool(tx, adminId, form.studentId);
  const lines = await linesFrom(tx, adminId, form.studentId, form);
  const invoice = await createInvoice(tx, box, {
    adminId, studentId: form.studentId, lines, discountCents: form.discount, dueOn: form.dueOn, note: form.note, createdBy: actor.accountableId,
  });
  const { student } = await peopleOf(tx, invoice);
  await recordInvoiceActivity(tx, actor, 'invoice.created', invoice, fullNameOf(student));
  if (!form.send) return { id: invoice.id, emailedTo: null, sent: false };
  const sent = await sendInvoice(tx, box, appUrl, invoice.id, actor);
  return { id: invoice.id, emailedTo: sent.emailedTo, sent: true };
}

/**
 * A draft's new student, lines, discount, due date and note (then sent, when asked). Once sent an
 * invoice is what the family has in hand: it is voided and made again, never edited.
 */
export async function updateDraftInvoice(tx: Tx, actor: Actor, box: SecretBox, appUrl: string, form: InvoiceUpdateValues): Promise<SavedInvoice> {
  const adminId = actor.adminId!;
  const invoice = await findInvoice(tx, adminId, form.id, { lock: true });
  // Asked of an invoice whose card charge is pending, the answer says so first (decision 070).
  await refuseWhileCharging(tx, invoice.id);
  if (invoice.status !== 'draft') throw badRequest(INVOICE_MESSAGES.onlyDraft);
  await assertStudentOfSchool(tx, adminId, form.studentId);
  const lines = await linesFrom(tx, adminId, form.studentId, form);
  const payerId = form.studentId === invoice.studentId ? invoice.payerId : await billedPayerOf(tx, adminId, form.studentId);
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
  await tx.insert(invoiceLines).values(lines.map((l, position) => ({
    adminId, invoiceId: invoice.id, position, kind: l.lessonId ? 'lesson' : 'item', description: l.description, quantity: l.quantity,
    unitPriceCents: l.unitPriceCents, amountCents: lineAmountCents(l.quantity, l.unitPriceCents), lessonId: l.lessonId ?? null,
  })));
  await tx.update(invoices).set({
    studentId: form.studentId, payerId, discountCents: form.discount, dueOn: form.dueOn, note: form.note, updatedAt: new Date(),
  }).where(eq(invoices.id, invoice.id));
  await recomputeInvoiceTotals(tx, invoice.id);
  if (!form.send) return { id: invoice.id, emailedTo: null, sent: false };
  const sent = await sendInvoice(tx, box, appUrl, invoice.id, actor);
  return { id: invoice.id, emailedTo: sent.emailedTo, sent: true };
}
