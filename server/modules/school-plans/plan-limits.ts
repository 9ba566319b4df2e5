import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schoolPlanBookings, schoolPlans, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/http-errors.js';
import { SCHOOL_PLAN_MESSAGES } from '../../../shared/contracts/school-plans.js';

/**
 * Refuses with HTTP 402 a call that would take the school past its plan's limit of active students
 * or teachers (the 51st student on a 50-student plan). The school's booking is locked while it
 * counts, so two adds at once cannot both take the last place. A school with no plan has no limit.
 */
export async function assertPlanRoom(tx: Tx, adminId: string, role: string, adding = 1): Promise<void> {
  if (role !== 'student' && role !== 'teacher') return;
  const [row] = await tx.select({ maxStudents: schoolPlans.maxStudents, maxTeachers: schoolPlans.maxTeachers })
    .from(schoolPlanBookings).innerJoin(schoolPlans, eq(schoolPlans.id, schoolPlanBookings.planId))
    .where(and(eq(schoolPlanBookings.adminId, adminId), sql`${schoolPlanBookings.status} <> 'cancelled'`))
    .for('update', { of: schoolPlanBookings }).limit(1);
  const max = role === 'student' ? row?.maxStudents : row?.maxTeachers;
  if (max === null || max === undefined) return;
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(users)
    .where(and(eq(users.adminId, adminId), eq(users.role, role), eq(users.status, true)));
  if ((count?.n ?? 0) + adding > max) {
    throw new AppError(402, role === 'student' ? SCHOOL_PLAN_MESSAGES.studentLimit(max) : SCHOOL_PLAN_MESSAGES.teacherLimit(max));
  }
}
