import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { lessons, merchantAccounts, rooms, schools, studentSignups, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-errors.js';
import type { Actor } from '../../lib/actor.js';
import { SETUP_MESSAGES, SETUP_STEP_TEXT, SETUP_STEPS, type SetupChecklist, type SetupStep } from '../../../shared/contracts/school-setup.js';

/**
 * A school's setup checklist (docs/decisions/076-school-signup-and-first-day.md): each step read
 * from the school's own rows in one statement, so a step ticks itself the moment its work is done
 * and unticks if it is undone (the last room removed). Reads other domains' tables, never writes them.
 */

/** Its own school only: another school's id is unknown (404), as everywhere (decision 009). */
function assertOwnSchool(actor: Actor, adminId: string) {
  if (actor.adminId !== adminId) throw notFound(SETUP_MESSAGES.notFound);
}

const exists = (query: ReturnType<typeof sql>) => sql<boolean>`exists (${query})`;

export async function getSetupChecklist(tx: Tx, actor: Actor, adminId: string): Promise<SetupChecklist> {
  assertOwnSchool(actor, adminId);
  const [row] = await tx.select({
    dismissedAt: schools.setupChecklistDismissedAt,
    details: sql<boolean>`${schools.workingPhone} <> '' and ${schools.address1} <> '' and ${schools.city} <> '' and ${schools.state} <> ''
      and ${schools.postalCode} <> '' and ${schools.country} <> ''`,
    privateTeacher: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${adminId} and ${users.addrole} = 'Private teacher')`,
    rooms: exists(sql`select 1 from ${rooms} where ${rooms.adminId} = ${adminId}`),
    teachers: exists(sql`select 1 from ${users} where ${users.adminId} = ${adminId} and ${users.role} = 'teacher'`),
    students: exists(sql`select 1 from ${users} where ${users.adminId} = ${adminId} and ${users.role} = 'student'`),
    merchant: exists(sql`select 1 from ${merchantAccounts} where ${merchantAccounts.adminId} = ${adminId}`),
    firstLesson: exists(sql`select 1 from ${lessons} where ${lessons.adminId} = ${adminId} and ${lessons.status} <> 'cancelled'`),
    signupWidget: exists(sql`select 1 from ${studentSignups} where ${studentSignups.adminId} = ${adminId}`),
  }).from(schools).where(and(eq(schools.adminId, adminId), sql`${schools.deletedAt} is null`)).limit(1);
  if (!row) throw notFound(SETUP_MESSAGES.notFound);
  // A private teacher is a school of one: no teachers to add.
  const keys = SETUP_STEPS.filter((key) => !(row.privateTeacher && key === 'teachers'));
  const steps = keys.map((key: SetupStep) => ({ key, ...SETUP_STEP_TEXT[key], done: Boolean(row[key]) }));
  return { steps, doneCount: steps.filter((s) => s.done).length, dismissedAt: row.dismissedAt?.toISOString() ?? null };
}

/** The school's admin (the route's only role) hides it for the whole school; it stays hidden, the steps still answer. */
export async function dismissSetupChecklist(tx: Tx, actor: Actor, adminId: string, now: Date): Promise<SetupChecklist> {
  assertOwnSchool(actor, adminId);
  await tx.update(schools).set({ setupChecklistDismissedAt: now })
    .where(and(eq(schools.adminId, adminId), sql`${schools.setupChecklistDismissedAt} is null`));
  return getSetupChecklist(tx, actor, adminId);
}
