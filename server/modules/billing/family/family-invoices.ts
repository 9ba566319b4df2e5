import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { autopaySettings, invoices, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest } from '../../../lib/http-errors.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import { decideReadInvoices, mustNameStudent } from '../../../policies/billing-family.js';
import { childrenOfParent } from '../../relations/index.js';
import { loadSchoolBilling, payLinkOf } from '../invoices/index.js';
import { amountDueCents, dollarsOf } from '../../../../shared/money.js';
import {
  FAMILY_MESSAGES as M, PAID_PAGE_SIZE, type FamilyBilling, type FamilyInvoicesBody, type FamilyStudent,
} from '../../../../shared/contracts/billing-family.js';
import { actorHasParent, billingStudentFor } from './billing-student.js';
import type { FamilyContext } from './family-context.js';
import { presentFamilyInvoice, type FamilyInvoiceRow } from './presenter.js';
import { todayIn } from '../../../../shared/school-clock.js';

type Scope = { invoices: SQL; students: SQL; adminId: string; isPayer: boolean };

/**
 * Whose invoices the caller reads: a named student (staff; a parent's child; the student), or
 * without one the caller's own: a parent's children's and any billed to them, a student's own.
 */
async function scopeOf(tx: Tx, actor: Actor, studentId: string | undefined): Promise<Scope> {
  if (studentId) {
    const student = await billingStudentFor(tx, actor, studentId, decideReadInvoices);
    return {
      invoices: eq(invoices.studentId, student.studentId),
      students: sql`${users.id} = ${student.studentId}`,
      adminId: student.adminId,
      isPayer: student.actorPays,
    };
  }
  if (mustNameStudent(actor) || !actor.adminId) throw badRequest(M.studentRequired, { studentId: M.studentRequired });
  if (actor.role === 'parent') {
    return {
      invoices: or(sql`${invoices.studentId} in ${childrenOfParent(actor.id)}`, eq(invoices.payerId, actor.id))!,
      students: sql`${users.id} in ${childrenOfParent(actor.id)}`,
      adminId: actor.adminId,
      isPayer: true,
    };
  }
  return {
    invoices: or(eq(invoices.studentId, actor.id), eq(invoices.payerId, actor.id))!,
    students: sql`${users.id} = ${actor.id}`,
    adminId: actor.adminId,
    isPayer: !(await actorHasParent(tx, actor)),
  };
}

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  studentId: invoices.studentId,
  studentFirstName: users.firstName,
  studentLastName: users.lastName,
  status: invoices.status,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  currency: invoices.currency,
  paidAt: invoices.paidAt,
  payerId: invoices.payerId,
  payTokenSealed: invoices.payTokenSealed,
};

/**
 * POST /paymentbilling/invoices: every open invoice (oldest due first) with its pay link and one
 * total due, a page of paid ones (newest first), and the students with their autopay switch.
 * Drafts are the office's and void invoices owe nothing: neither shows.
 */
export async function listFamilyInvoices(tx: Tx, actor: Actor, body: FamilyInvoicesBody & { page: number }, ctx: FamilyContext): Promise<FamilyBilling> {
  const scope = await scopeOf(tx, actor, body.studentId);
  const school = await loadSchoolBilling(tx, scope.adminId);
  const today = todayIn(school.timeZone, ctx.now());
  const from = () => tx.select(invoiceColumns).from(invoices).innerJoin(users, eq(users.id, invoices.studentId));

  const open = await from().where(and(scope.invoices, eq(invoices.status, 'open'))).orderBy(asc(invoices.dueOn), asc(invoices.number));
  const q = { page: body.page, limit: PAID_PAGE_SIZE };
  const paidRows = await tx.select({ ...invoiceColumns, total: totalRows }).from(invoices).innerJoin(users, eq(users.id, invoices.studentId))
    .where(and(scope.invoices, eq(invoices.status, 'paid')))
    .orderBy(sql`${invoices.paidAt} desc nulls last`, desc(invoices.number))
    .limit(q.limit).offset(offsetOf(q));
  const paidCount = await totalOf(paidRows, q, async () => {
    const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(invoices).where(and(scope.invoices, eq(invoices.status, 'paid')));
    return r?.n ?? 0;
  });
  const students = await tx.select({ _id: users.id, first_name: users.firstName, last_name: users.lastName, autopay: sql<boolean>`coalesce(${autopaySettings.enabled}, false)` })
    .from(users).leftJoin(autopaySettings, eq(autopaySettings.studentId, users.id))
    .where(and(scope.students, eq(users.role, 'student')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));

  const present = (row: FamilyInvoiceRow & { payTokenSealed: string }) =>
    presentFamilyInvoice(row, today, row.status === 'open' ? payLinkOf(ctx.box, ctx.appUrl, row) : null, actor.id);
  const totalDueCents = open.reduce((sum, r) => sum + amountDueCents(r.totalCents, r.paidCents), 0);
  return {
    open: open.map(present),
    totalDue: dollarsOf(totalDueCents),
    currency: open[0]?.currency ?? school.currency,
    paid: toListResult(paidRows.map(present), paidCount, q),
    students: students as FamilyStudent[],
    isPayer: scope.isPayer,
    testMode: school.testMode,
  };
}
