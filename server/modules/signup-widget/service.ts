import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppServices } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { genres, schools, studentSignups, users } from '../../db/schema/index.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { recordActivity } from '../activities/index.js';
import { enforce, requireReach } from '../../lib/member-actor.js';
import { createInvitedUser, freeUsernameFor } from '../auth/index.js';
import { addStudentGenres } from '../members/index.js';
import { assertPlanRoom } from '../school-plans/index.js';
import { isOfferedPlan, planNamesOf } from '../billing/index.js';
import { notifyPeople, schoolOfficeIds } from '../notifications/index.js';
import { decideMember, memberReach } from '../../policies/members.js';
import type { Actor } from '../../lib/actor.js';
import {
  SIGNUP_MESSAGES, type signupBody, type SignupCounts, type signupListBody,
} from '../../../shared/contracts/signup-widget.js';
import { presentSignup, type SignupNames } from './presenter.js';

type SignupInput = z.output<typeof signupBody>;
type ListQuery = z.output<typeof signupListBody>;

/**
 * The school behind a widget, if it takes signups: an active owner of role admin whose school is
 * not removed (the rule of app_school_open, migration 0006). Runs in the school's own scope.
 */
async function findOpenSchool(tx: Tx, adminId: string) {
  const [row] = await tx
    .select({ schoolName: schools.schoolName, email: users.email, firstName: users.firstName })
    .from(users).innerJoin(schools, eq(schools.adminId, users.id))
    .where(and(eq(users.id, adminId), eq(users.role, 'admin'), sql`app_school_open(${users.id}, null)`))
    .limit(1);
  if (!row) throw notFound(SIGNUP_MESSAGES.schoolNotFound);
  return row;
}

const schoolScope = (adminId: string) => ({ kind: 'school', adminId }) as const;

/** A plan the school still offers, by name; null for none or one no longer offered. */
async function offeredPlan(tx: Tx, adminId: string, planId: string | null | undefined) {
  if (!planId || !(await isOfferedPlan(tx, adminId, planId))) return null;
  return { _id: planId, planName: (await planNamesOf(tx, [planId])).get(planId)! };
}

/** What the public page shows: the school's name, the genres to choose from and the plan chosen. */
export async function getSignupSchool(s: AppServices, adminId: string, planId?: string) {
  return s.db.transaction(schoolScope(adminId), async (tx) => {
    const school = await findOpenSchool(tx, adminId);
    const list = await tx.select({ _id: genres.id, name: genres.name }).from(genres).orderBy(asc(genres.name));
    return { school_name: school.schoolName, genres: list, plan: await offeredPlan(tx, adminId, planId) };
  });
}

/**
 * A stranger's signup: stored as pending for the school to approve or decline, recorded in the
 * school's activities, and the owner is told by email. The visitor has no account: the activity's
 * actor column (required) holds the school's owner, and the sentence reads the person from meta.name.
 */
export async function addSignup(s: AppServices, f: SignupInput, ip: string) {
  const id = await s.db.transaction(schoolScope(f.adminId), async (tx) => {
    const school = await findOpenSchool(tx, f.adminId);
    const genreIds = f.genreId.map((g) => g.genreId);
    if (genreIds.length > 0) {
      const found = await tx.select({ id: genres.id }).from(genres).where(inArray(genres.id, genreIds));
      if (found.length !== genreIds.length) throw fieldError('genreId', SIGNUP_MESSAGES.genreNotFound);
    }
    if (f.planId && !(await isOfferedPlan(tx, f.adminId, f.planId))) throw fieldError('planId', SIGNUP_MESSAGES.planNotFound);
    const [row] = await tx.insert(studentSignups).values({
      adminId: f.adminId, firstName: f.first_name, lastName: f.last_name, email: f.email, cellPhone: f.cellPhone,
      genres: f.genreId.map((g) => ({ genreId: g.genreId, level: g.level })), planId: f.planId ?? null,
    }).returning({ id: studentSignups.id });
    await recordActivity(tx, {
      adminId: f.adminId, actorId: f.adminId, action: 'signup.received', ip,
      meta: { signupId: row!.id, name: `${f.first_name} ${f.last_name}`, email: f.email },
    });
    // The office hears of it in the bell and, as each chose, by email (issue 28, decision 083), at
    // once: a family waits on the school's answer, so a signup is not held back as a burst is.
    await notifyPeople(tx, {
      adminId: f.adminId, userIds: await schoolOfficeIds(tx, f.adminId), kind: 'widget-signup',
      title: 'A new student signed up', body: `${f.first_name} ${f.last_name} (${f.email}, ${f.cellPhone}) signed up for lessons at ${school.schoolName} through your signup widget. Approve the signup to create their student account.`, link: '/reporting/approvedStudent',
      email: { appUrl: s.config.appUrl },
    });
    return row!.id;
  });
  return id;
}

async function namesOf(tx: Tx, rows: { genres: { genreId: string }[]; planId: string | null }[]): Promise<SignupNames> {
  const ids = [...new Set(rows.flatMap((r) => r.genres.map((g) => g.genreId)))];
  const found = ids.length === 0 ? [] : await tx.select({ id: genres.id, name: genres.name }).from(genres).where(inArray(genres.id, ids));
  const plans = await planNamesOf(tx, [...new Set(rows.flatMap((r) => (r.planId ? [r.planId] : [])))]);
  return { genres: new Map(found.map((g) => [g.id, g.name])), plans };
}

/** The school's signups of one status, newest first; the counts are the three tabs' numbers. */
export async function listSignups(tx: Tx, actor: Actor, q: ListQuery) {
  const reach = requireReach(actor, 'list', 'signup');
  // Row-level security already binds the school; the filter keeps the query plan on the index.
  const school = reach === 'all' || !actor.adminId ? undefined : eq(studentSignups.adminId, actor.adminId);
  const where = and(school, eq(studentSignups.status, q.status));
  const direction = q.orderBy === -1 ? desc : asc;
  const rows = await tx.select({ row: studentSignups, total: totalRows }).from(studentSignups).where(where)
    .orderBy(direction(studentSignups.createdAt), direction(studentSignups.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(studentSignups).where(where);
    return r?.n ?? 0;
  });
  const [counts] = await tx.select({
    pendingCount: sql<number>`count(*) filter (where ${studentSignups.status} = 'pending')::int`,
    approvedCount: sql<number>`count(*) filter (where ${studentSignups.status} = 'approved')::int`,
    declinedCount: sql<number>`count(*) filter (where ${studentSignups.status} = 'declined')::int`,
  }).from(studentSignups).where(school);
  const names = await namesOf(tx, rows.map((r) => r.row));
  const tabCounts: SignupCounts = { pendingCount: counts?.pendingCount ?? 0, approvedCount: counts?.approvedCount ?? 0, declinedCount: counts?.declinedCount ?? 0 };
  return toListResult(rows.map((r) => presentSignup(r.row, names)), total, q, tabCounts);
}

/** A pending signup the actor may decide on; another school's is not found. */
async function findPendingSignup(tx: Tx, actor: Actor, id: string) {
  if (!memberReach(actor, 'decide', 'signup')) throw forbidden();
  const [row] = await tx.select().from(studentSignups).where(eq(studentSignups.id, id)).for('update').limit(1);
  if (!row) throw notFound(SIGNUP_MESSAGES.notFound);
  enforce(decideMember(actor, 'decide', { kind: 'signup', adminId: row.adminId, own: false }), SIGNUP_MESSAGES.notFound);
  if (row.status !== 'pending') throw conflict(SIGNUP_MESSAGES.alreadyDecided);
  return row;
}

/** Who decides (the request's actor) and the app's address for the invitation link. */
export type Decider = { actor: Actor; appUrl: string };

/**
 * Approving makes the student: an invited account (username from their name, no password; the
 * invitation email sets it), with the instruments and levels they chose. The caller triggers
 * 'deliver-emails' after the commit.
 */
export async function approveSignup(tx: Tx, d: Decider, id: string) {
  const row = await findPendingSignup(tx, d.actor, id);
  const [clash] = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.adminId, row.adminId), sql`lower(${users.email}) = lower(${row.email})`)).limit(1);
  if (clash) throw conflict(SIGNUP_MESSAGES.emailInSchool);
  await assertPlanRoom(tx, row.adminId, 'student');
  const [school] = await tx.select({ name: schools.schoolName }).from(schools).where(eq(schools.adminId, row.adminId)).limit(1);
  // A plan chosen in the plan widget, still offered: setting the password leads on to asking for it.
  const plan = await offeredPlan(tx, row.adminId, row.planId);
  const studentId = await createInvitedUser(tx, d.appUrl, school?.name ?? 'your school', {
    adminId: row.adminId, role: 'student', username: await freeUsernameFor(tx, row.firstName, row.lastName),
    email: row.email, firstName: row.firstName, lastName: row.lastName, cellPhone: row.cellPhone,
    next: plan ? { path: `/plan-registration/${plan._id}`, then: `It then opens ${plan.planName}, the plan you chose, to pick a card and ask for it.` } : undefined,
  });
  if (row.genres.length > 0) {
    await addStudentGenres(tx, row.genres.map((g) => ({ adminId: row.adminId, studentId, genreId: g.genreId, level: g.level })));
  }
  const [updated] = await tx.update(studentSignups)
    .set({ status: 'approved', studentId, decidedBy: d.actor.accountableId, decidedAt: new Date() })
    .where(eq(studentSignups.id, row.id)).returning();
  await recordActivity(tx, { adminId: row.adminId, actorId: d.actor.accountableId, action: 'signup.approved', targetUserId: studentId, ip: d.actor.ip, meta: { signupId: row.id } });
  return presentSignup(updated!, await namesOf(tx, [updated!]));
}

/** Declining keeps the row as a record of what came in. */
export async function declineSignup(tx: Tx, d: Decider, id: string) {
  const row = await findPendingSignup(tx, d.actor, id);
  const [updated] = await tx.update(studentSignups)
    .set({ status: 'declined', decidedBy: d.actor.accountableId, decidedAt: new Date() })
    .where(eq(studentSignups.id, row.id)).returning();
  await recordActivity(tx, {
    adminId: row.adminId, actorId: d.actor.accountableId, action: 'signup.declined', ip: d.actor.ip,
    meta: { signupId: row.id, name: `${row.firstName} ${row.lastName}`, email: row.email },
  });
  return presentSignup(updated!, await namesOf(tx, [updated!]));
}
