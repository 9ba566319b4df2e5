import { and, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { payments, schools, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import { decidePaymentReport, type PaymentReportScope } from '../../../policies/billing-reports.js';
import { isOwnStudent, ownStudentsOf } from '../../relations/index.js';
import { PAYMENT_REPORT_MESSAGES, type PaymentReportFilters, type PaymentReportStatus } from '../../../../shared/contracts/billing-reports.js';
import { addDays, startOfLocalDay } from '../../../../shared/school-clock.js';
import { schoolZoneOf } from '../../../lib/school-clock.js';

/** The report's reach for this caller and the zone its days are read in. */
export type ReportReach = { actor: Actor; scope: PaymentReportScope; timeZone: string };

/** The policy's answer as a reach, or the 403/404 it calls for; the superadmin's all-schools view reads days in UTC. */
export async function reportReach(tx: Tx, actor: Actor, requestedAdminId: string | undefined): Promise<ReportReach> {
  const decision = decidePaymentReport(actor, requestedAdminId);
  if (decision.kind === 'forbidden') throw forbidden();
  if (decision.kind === 'not-found') throw notFound(PAYMENT_REPORT_MESSAGES.schoolNotFound);
  const { scope } = decision;
  if (scope.kind === 'all') return { actor, scope, timeZone: 'UTC' };
  const [school] = await tx.select({ adminId: schools.adminId }).from(schools).where(eq(schools.adminId, scope.adminId));
  if (!school) throw notFound(PAYMENT_REPORT_MESSAGES.schoolNotFound);
  return { actor, scope, timeZone: await schoolZoneOf(tx, scope.adminId) };
}

/**
 * The rows the caller may read: the school's (its index leads with admin_id), narrowed to a
 * teacher's students or a family's own by the relations module's one definition.
 */
export function scopeCondition({ actor, scope }: ReportReach): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'school':
      return eq(payments.adminId, scope.adminId);
    case 'teacher':
    case 'family':
      return and(eq(payments.adminId, scope.adminId), sql`${payments.studentId} in ${ownStudentsOf(actor)}`);
  }
}

const MONEY_MOVED = ['succeeded', 'refunded'];

/** The report status as SQL (reportStatusOf in the contract, read the other way). */
export function statusCondition(status: PaymentReportStatus): SQL {
  const fullyRefunded = and(eq(payments.status, 'succeeded'), gt(payments.amountCents, 0), gte(payments.refundedCents, payments.amountCents));
  switch (status) {
    case 'refunded':
      return or(
        and(eq(payments.kind, 'refund'), inArray(payments.status, MONEY_MOVED)),
        and(eq(payments.kind, 'charge'), or(eq(payments.status, 'refunded'), fullyRefunded)),
      )!;
    case 'succeeded':
      return and(eq(payments.kind, 'charge'), eq(payments.status, 'succeeded'), or(lte(payments.amountCents, 0), lt(payments.refundedCents, payments.amountCents)))!;
    default:
      return eq(payments.status, status);
  }
}

/** A student named in the filters must be one the caller may see: otherwise 404, as another school's. */
async function checkStudent(tx: Tx, reach: ReportReach, studentId: string): Promise<void> {
  const { scope, actor } = reach;
  let visible: boolean;
  if (scope.kind === 'teacher' || scope.kind === 'family') {
    visible = await isOwnStudent(tx, actor, studentId);
  } else {
    const [row] = await tx.select({ adminId: users.adminId }).from(users).where(and(eq(users.id, studentId), eq(users.role, 'student')));
    visible = !!row && (scope.kind === 'all' || row.adminId === scope.adminId);
  }
  if (!visible) throw notFound(PAYMENT_REPORT_MESSAGES.studentNotFound);
}

type Filters = Required<Pick<PaymentReportFilters, 'from' | 'to'>> & Omit<PaymentReportFilters, 'from' | 'to' | 'adminId'>;

/**
 * The report's rows: payments made from 00:00 of `from` to the end of `to` on the school's wall
 * clock, within the caller's reach and the filters. Staff's range is a range of
 * payments_admin_created_idx (admin_id, created_at).
 */
export async function paymentsWhere(tx: Tx, reach: ReportReach, f: Filters): Promise<SQL> {
  if (f.studentId) await checkStudent(tx, reach, f.studentId);
  return and(
    scopeCondition(reach),
    gte(payments.createdAt, startOfLocalDay(f.from, reach.timeZone)),
    lt(payments.createdAt, startOfLocalDay(addDays(f.to, 1), reach.timeZone)),
    f.studentId ? eq(payments.studentId, f.studentId) : undefined,
    f.method ? eq(payments.method, f.method) : undefined,
    f.status ? statusCondition(f.status) : undefined,
  )!;
}
