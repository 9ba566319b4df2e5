import { inSequence } from '../../../lib/in-sequence.js';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { classGroups, genres, planSubscriptions, studentPlans, teacherGenres, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../../lib/http-errors.js';
import { toListResult } from '../../../lib/paging.js';
import { mayBuildPlans, mayManageGroupPlans, mayReadPlans } from '../../../policies/student-plans.js';
import { recordActivity } from '../../activities/index.js';
import {
  PLAN_MESSAGES as M, type InstrumentTeacher, type PlanFormValues, type PlanItem, type PlanListAnswer, type PlanUpdateValues, type familyPlanListBody, type planListBody,
} from '../../../../shared/contracts/student-plans.js';
import { presentPlan, type Named, type PlanNames, type PlanRow } from './plan-presenter.js';

/** The caller's school when they may build plans (403 otherwise). */
function builderSchool(actor: Actor): string {
  if (!mayBuildPlans(actor)) throw forbidden();
  return actor.adminId!;
}

export function readerSchool(actor: Actor): string {
  if (!mayReadPlans(actor)) throw forbidden();
  return actor.adminId!;
}

/** The names a page of plans points at, in three small queries. */
export async function namesOf(tx: Tx, plans: PlanRow[]): Promise<PlanNames> {
  const teacherIds = [...new Set(plans.flatMap((p) => p.teacherIds))];
  const genreIds = [...new Set(plans.flatMap((p) => (p.genreId ? [p.genreId] : [])))];
  const groupIds = [...new Set(plans.flatMap((p) => (p.classGroupId ? [p.classGroupId] : [])))];
  const planIds = plans.map((p) => p.id);
  // One after another: a transaction is one connection (server/lib/in-sequence.ts).
  const teachers = teacherIds.length ? await tx.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, teacherIds)) : [];
  const genreRows = genreIds.length ? await tx.select().from(genres).where(inArray(genres.id, genreIds)) : [];
  const groups = groupIds.length ? await tx.select({ id: classGroups.id, name: classGroups.name }).from(classGroups).where(inArray(classGroups.id, groupIds)) : [];
  const subscribers = planIds.length
    ? await tx.select({ planId: planSubscriptions.planId, n: count() }).from(planSubscriptions)
      .where(and(inArray(planSubscriptions.planId, planIds), inArray(planSubscriptions.status, ['waiting', 'active']))).groupBy(planSubscriptions.planId)
    : [];
  return {
    teachers: new Map(teachers.map((t): [string, Named] => [t.id, { _id: t.id, first_name: t.first, last_name: t.last }])),
    genres: new Map(genreRows.map((g) => [g.id, g.name])),
    classGroups: new Map(groups.map((g) => [g.id, g.name])),
    subscribers: new Map(subscribers.map((s) => [s.planId, Number(s.n)])),
  };
}

async function presentOne(tx: Tx, row: PlanRow): Promise<PlanItem> {
  return presentPlan(row, await namesOf(tx, [row]));
}

async function pageOf(tx: Tx, where: ReturnType<typeof and>, q: { page: number; limit: number }): Promise<PlanListAnswer> {
  const [rows, [total]] = await inSequence([
    tx.select().from(studentPlans).where(where).orderBy(desc(studentPlans.createdAt), asc(studentPlans.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    tx.select({ n: count() }).from(studentPlans).where(where),
  ]);
  const names = await namesOf(tx, rows);
  return toListResult(rows.map((r) => presentPlan(r, names)), Number(total!.n), q);
}

/** Plan Builder's list (individual plans) or Group Plans' (plans tied to a class/group), newest first, six a page. */
export async function listPlans(tx: Tx, actor: Actor, q: z.output<typeof planListBody>): Promise<PlanListAnswer> {
  const adminId = builderSchool(actor);
  if (q.kind === 'group' && !mayManageGroupPlans(actor)) throw forbidden();
  const where = and(
    eq(studentPlans.adminId, adminId), isNull(studentPlans.retiredAt),
    q.kind === 'group' ? isNotNull(studentPlans.classGroupId) : isNull(studentPlans.classGroupId),
    q.search ? ilike(studentPlans.name, `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  return pageOf(tx, where, q);
}

/** /paymentbilling/planList: the plans a family of the school may ask for. */
export async function listFamilyPlans(tx: Tx, actor: Actor, q: z.output<typeof familyPlanListBody>): Promise<PlanListAnswer> {
  const adminId = readerSchool(actor);
  return pageOf(tx, and(eq(studentPlans.adminId, adminId), isNull(studentPlans.retiredAt)), q);
}

/** The plans among `ids` by id, retired ones too (a signup keeps naming the plan it chose). */
export async function planNamesOf(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: studentPlans.id, name: studentPlans.name }).from(studentPlans).where(inArray(studentPlans.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the school still offers the plan (a visitor may sign up for it). */
export async function isOfferedPlan(tx: Tx, adminId: string, planId: string): Promise<boolean> {
  const [row] = await tx.select({ id: studentPlans.id }).from(studentPlans)
    .where(and(eq(studentPlans.id, planId), eq(studentPlans.adminId, adminId), isNull(studentPlans.retiredAt)));
  return !!row;
}

/** A live plan of the caller's school, or 404. */
export async function livePlan(tx: Tx, adminId: string, planId: string, lock = false): Promise<PlanRow> {
  const query = tx.select().from(studentPlans).where(and(eq(studentPlans.id, planId), eq(studentPlans.adminId, adminId), isNull(studentPlans.retiredAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function getPlan(tx: Tx, actor: Actor, planId: string): Promise<PlanItem> {
  return presentOne(tx, await livePlan(tx, readerSchool(actor), planId));
}

/** The form's references: teachers and class/group of this school, an instrument that exists. */
async function checkReferences(tx: Tx, adminId: string, v: PlanFormValues): Promise<void> {
  const errors: Record<string, string> = {};
  if (v.teacherIds.length) {
    const found = await tx.select({ id: users.id }).from(users)
      .where(and(inArray(users.id, v.teacherIds), eq(users.adminId, adminId), eq(users.role, 'teacher')));
    if (found.length !== new Set(v.teacherIds).size) errors.teacherIds = M.teacherOfSchool;
  }
  if (v.classGroupId) {
    const [group] = await tx.select({ id: classGroups.id }).from(classGroups).where(and(eq(classGroups.id, v.classGroupId), eq(classGroups.adminId, adminId)));
    if (!group) errors.classGroupId = M.classGroupOfSchool;
  }
  if (v.instrumentId) {
    const [genre] = await tx.select({ id: genres.id }).from(genres).where(eq(genres.id, v.instrumentId));
    if (!genre) errors.instrumentId = 'Please choose an instrument/genre from the list';
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

const columnsOf = (v: PlanFormValues) => ({
  name: v.planName,
  priceCents: v.price,
  period: v.billingPeriod,
  lessonsPerPeriod: v.lessonsPerPeriod,
  lessonMinutes: v.lessonMinutes,
  lessonKind: v.lessonType,
  genreId: v.instrumentId ?? null,
  teacherIds: [...new Set(v.teacherIds)],
  classGroupId: v.classGroupId ?? null,
  description: v.description,
});

export async function addPlan(tx: Tx, actor: Actor, v: PlanFormValues): Promise<PlanItem> {
  const adminId = builderSchool(actor);
  if (v.classGroupId && !mayManageGroupPlans(actor)) throw forbidden();
  await checkReferences(tx, adminId, v);
  const [row] = await tx.insert(studentPlans).values({ adminId, ...columnsOf(v), createdBy: actor.accountableId }).returning();
  await recordActivity(tx, { adminId, actorId: actor.accountableId, ip: actor.ip, action: 'plan.added', meta: { name: row!.name, planId: row!.id } });
  return presentOne(tx, row!);
}

/** A plan the caller may change: a group plan (or making one) is the admin's. */
async function ownPlanToChange(tx: Tx, actor: Actor, planId: string): Promise<PlanRow> {
  const adminId = builderSchool(actor);
  const row = await livePlan(tx, adminId, planId, true);
  if (row.classGroupId && !mayManageGroupPlans(actor)) throw forbidden();
  return row;
}

/** Changes a plan; a subscription keeps being billed the price it was approved at. */
export async function updatePlan(tx: Tx, actor: Actor, v: PlanUpdateValues): Promise<PlanItem> {
  const current = await ownPlanToChange(tx, actor, v.planId);
  if (v.classGroupId && !mayManageGroupPlans(actor)) throw forbidden();
  await checkReferences(tx, current.adminId, v);
  const [row] = await tx.update(studentPlans).set(columnsOf(v)).where(eq(studentPlans.id, current.id)).returning();
  await recordActivity(tx, { adminId: current.adminId, actorId: actor.accountableId, ip: actor.ip, action: 'plan.updated', meta: { name: row!.name, planId: row!.id } });
  return presentOne(tx, row!);
}

/** Deletes a plan nobody ever asked for; a plan in use is retired (its subscriptions run on). */
export async function deletePlan(tx: Tx, actor: Actor, planId: string): Promise<{ retired: boolean }> {
  const current = await ownPlanToChange(tx, actor, planId);
  const [used] = await tx.select({ id: planSubscriptions.id }).from(planSubscriptions).where(eq(planSubscriptions.planId, current.id)).limit(1);
  if (used) await tx.update(studentPlans).set({ retiredAt: sql`now()` }).where(eq(studentPlans.id, current.id));
  else await tx.delete(studentPlans).where(eq(studentPlans.id, current.id));
  await recordActivity(tx, {
    adminId: current.adminId, actorId: actor.accountableId, ip: actor.ip, action: used ? 'plan.retired' : 'plan.removed', meta: { name: current.name, planId: current.id },
  });
  return { retired: Boolean(used) };
}

/** /paymentbilling/instrumentTeacher: the school's active teachers of an instrument (all of them without one). */
export async function instrumentTeachers(tx: Tx, actor: Actor, instrumentId: string | null | undefined): Promise<InstrumentTeacher[]> {
  const adminId = readerSchool(actor);
  const teaches = instrumentId
    ? sql`exists (select 1 from ${teacherGenres} tg where tg.teacher_id = ${users.id} and tg.genre_id = ${instrumentId})`
    : undefined;
  const rows = await tx.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users)
    .where(and(eq(users.adminId, adminId), eq(users.role, 'teacher'), eq(users.status, true), teaches))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({ _id: r.id, first_name: r.first, last_name: r.last }));
}
