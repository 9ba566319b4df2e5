import type { Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import type { BillTo, InvoiceDefaults } from '../../../../shared/contracts/billing-invoices.js';
import { billedPayerOf } from '../../relations/index.js';
import { assertStudentOfSchool } from './create-invoice.js';
import { billToPartyOf } from './bill-to.js';
import { peopleOf } from './invoice-facts.js';
import { loadSchoolBilling } from './school-billing.js';
import { addDays, todayIn } from '../../../../shared/school-clock.js';

/** The form's starting due date and the school's billing facts. */
export async function invoiceDefaults(tx: Tx, actor: Actor): Promise<InvoiceDefaults> {
  const school = await loadSchoolBilling(tx, actor.adminId!);
  const today = todayIn(school.timeZone);
  return { today, dueOn: addDays(today, school.defaultDueDays), defaultDueDays: school.defaultDueDays, currency: school.currency, testMode: school.testMode, timeZone: school.timeZone };
}

/** Who an invoice for this student goes to: the rule createInvoice applies, asked before saving. */
export async function billToOf(tx: Tx, actor: Actor, studentId: string): Promise<BillTo> {
  const adminId = actor.adminId!;
  await assertStudentOfSchool(tx, adminId, studentId);
  const payerId = await billedPayerOf(tx, adminId, studentId);
  const people = await peopleOf(tx, { studentId, payerId });
  const party = billToPartyOf(people);
  const person = (p: typeof people.student) => ({ _id: p.id, first_name: p.firstName, last_name: p.lastName, email: p.email });
  // The bill-to rule's answer (bill-to.ts): a student billed for themself, else their parent.
  return { student: person(people.student), payer: { ...person(party.person), role: party.studentName === null ? 'student' : 'parent' } };
}
