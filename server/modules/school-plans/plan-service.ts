import { and, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schoolPlanBookings, schoolPlans } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import {
  SCHOOL_PLAN_MESSAGES, type SchoolPlanFormValues,
} from '../../../shared/contracts/school-plans.js';
import type { z } from 'zod';
import type { schoolPlanListBody, schoolPlanUpdateBody } from '../../../shared/contracts/school-plans.js';
import { presentPlan } from './presenter.js';

type ListQuery = z.output<typeof schoolPlanListBody>;
type UpdateInput = z.output<typeof schoolPlanUpdateBody>;

/** How many schools are on a plan now (cancelled bookings no longer count). */
const schoolCountOf = sql<number>`(select count(*) from school_plan_bookings b
  where b.plan_id = "school_plans"."id" and b.status <> 'cancelled')::int`;

const columnsOf = (f: SchoolPlanFormValues) => ({
  planName: f.planName,
  priceCents: f.price,
  schoolPrivateTeacher: f.schoolPrivateTeacher,
  billingPeriod: f.billingPeriod,
  maxStudents: f.maxStudents,
  maxTeachers: f.maxTeachers,
  storeIncluded: f.storeIncluded,
});

/** The offered plans (retired ones are kept only for the schools still on them). */
export async function listSchoolPlans(tx: Tx, q: ListQuery) {
  const filters: (SQL | undefined)[] = [isNull(schoolPlans.retiredAt)];
  if (q.search) filters.push(ilike(schoolPlans.planName, likePattern(q.search)));
  if (q.schoolPrivateTeacher) filters.push(eq(schoolPlans.schoolPrivateTeacher, q.schoolPrivateTeacher));
  const where = and(...filters);
  const rows = await tx.select({ plan: schoolPlans, schoolCount: schoolCountOf, total: totalRows }).from(schoolPlans)
    .where(where).orderBy(desc(schoolPlans.createdAt), desc(schoolPlans.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(schoolPlans).where(where);
    return row?.count ?? 0;
  });
  return toListResult(rows.map((r) => presentPlan(r.plan, r.schoolCount)), total, q);
}

/** An offered plan, or 404 (a retired plan cannot be booked or edited). */
export async function findOfferedPlan(tx: Tx, planId: string) {
  const [plan] = await tx.select().from(schoolPlans).where(and(eq(schoolPlans.id, planId), isNull(schoolPlans.retiredAt))).limit(1);
  if (!plan) throw notFound(SCHOOL_PLAN_MESSAGES.notFound);
  return plan;
}

/** An offered plan as the Plan Builder lists it (with how many schools are on it), or 404. */
export async function viewSchoolPlan(tx: Tx, planId: string) {
  const [row] = await tx.select({ plan: schoolPlans, schoolCount: schoolCountOf }).from(schoolPlans)
    .where(and(eq(schoolPlans.id, planId), isNull(schoolPlans.retiredAt))).limit(1);
  if (!row) throw notFound(SCHOOL_PLAN_MESSAGES.notFound);
  return presentPlan(row.plan, row.schoolCount);
}

export async function addSchoolPlan(tx: Tx, f: SchoolPlanFormValues) {
  const [plan] = await tx.insert(schoolPlans).values(columnsOf(f)).returning();
  return presentPlan(plan!);
}

/**
 * A plan schools are on keeps its type: a school's role came from it. Its price applies from each
 * school's next renewal; its limits and store at once.
 */
export async function updateSchoolPlan(tx: Tx, f: UpdateInput) {
  const plan = await findOfferedPlan(tx, f.planId);
  const [inUse] = await tx.select({ n: sql<number>`count(*)::int` }).from(schoolPlanBookings)
    .where(and(eq(schoolPlanBookings.planId, plan.id), sql`${schoolPlanBookings.status} <> 'cancelled'`));
  if ((inUse?.n ?? 0) > 0 && f.schoolPrivateTeacher !== plan.schoolPrivateTeacher) {
    throw badRequest(SCHOOL_PLAN_MESSAGES.planTypeMismatch, { schoolPrivateTeacher: SCHOOL_PLAN_MESSAGES.planTypeMismatch });
  }
  const [updated] = await tx.update(schoolPlans).set({ ...columnsOf(f), updatedAt: new Date() }).where(eq(schoolPlans.id, plan.id)).returning();
  return { plan: presentPlan(updated!, inUse?.n ?? 0), schoolsOnIt: inUse?.n ?? 0 };
}

/** A plan any booking names (even a cancelled one, whose charges keep it) is retired, not deleted. */
export async function deleteSchoolPlan(tx: Tx, planId: string): Promise<'deleted' | 'retired'> {
  const plan = await findOfferedPlan(tx, planId);
  const [used] = await tx.select({ id: schoolPlanBookings.id }).from(schoolPlanBookings).where(eq(schoolPlanBookings.planId, plan.id)).limit(1);
  if (used) {
    await tx.update(schoolPlans).set({ retiredAt: new Date(), updatedAt: new Date() }).where(eq(schoolPlans.id, plan.id));
    return 'retired';
  }
  await tx.delete(schoolPlans).where(eq(schoolPlans.id, plan.id));
  return 'deleted';
}
