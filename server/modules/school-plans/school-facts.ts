import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schoolPlanBookings, schoolPlans, schools, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-errors.js';
import { SCHOOL_PLAN_MESSAGES } from '../../../shared/contracts/school-plans.js';
import type { BookingFacts } from './presenter.js';

/** A school that exists (owner of role admin, not removed), with its owner. */
export async function findSchool(tx: Tx, adminId: string) {
  const [row] = await tx.select({ owner: users, school: schools }).from(users).innerJoin(schools, eq(schools.adminId, users.id))
    .where(and(eq(users.id, adminId), eq(users.role, 'admin'), isNull(schools.deletedAt))).limit(1);
  if (!row) throw notFound(SCHOOL_PLAN_MESSAGES.schoolNotFound);
  return row;
}

/** The active students and teachers a plan's limits count. */
export async function headcountOf(tx: Tx, adminId: string) {
  const [row] = await tx.select({
    students: sql<number>`count(*) filter (where ${users.role} = 'student')::int`,
    teachers: sql<number>`count(*) filter (where ${users.role} = 'teacher')::int`,
  }).from(users).where(and(eq(users.adminId, adminId), eq(users.status, true)));
  return { students: row?.students ?? 0, teachers: row?.teachers ?? 0 };
}

export async function lockBooking(tx: Tx, adminId: string) {
  const [row] = await tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, adminId)).for('update').limit(1);
  return row ?? null;
}

/** The booking with its plan, school, owner and headcount, as the presenter wants it. */
export async function bookingFactsOf(tx: Tx, adminId: string): Promise<BookingFacts | null> {
  const [row] = await tx.select({ booking: schoolPlanBookings, plan: schoolPlans, school: schools, owner: users })
    .from(schoolPlanBookings)
    .innerJoin(schoolPlans, eq(schoolPlans.id, schoolPlanBookings.planId))
    .innerJoin(schools, eq(schools.adminId, schoolPlanBookings.adminId))
    .innerJoin(users, eq(users.id, schoolPlanBookings.adminId))
    .where(eq(schoolPlanBookings.adminId, adminId)).limit(1);
  if (!row) return null;
  const counts = await headcountOf(tx, adminId);
  return { ...row, studentCount: counts.students, teacherCount: counts.teachers };
}
