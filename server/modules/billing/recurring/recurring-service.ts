import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { recurringInvoices, users, type RecurringLine } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../../lib/http-errors.js';
import { nameMatches } from '../../../lib/name-search.js';
import { toListResult } from '../../../lib/paging.js';
import { mayManageRecurring } from '../../../policies/billing-recurring.js';
import { recordActivity, type Activity } from '../../activities/index.js';
import {
  RECURRING_MESSAGES, firstPeriodFrom, type RecurringFormValues, type RecurringFrequency, type RecurringItem, type RecurringListAnswer, type RecurringUpdateValues, type recurringListBody,
} from '../../../../shared/contracts/billing-recurring.js';
import type { z } from 'zod';
import { assertStudentOfSchool } from '../invoices/index.js';
import { presentRecurring } from './recurring-presenter.js';
import { schoolToday } from '../../../lib/school-clock.js';

export type RecurringRow = typeof recurringInvoices.$inferSelect;

/** The caller's school, when they may manage its recurring invoices (403 otherwise). */
function schoolOf(actor: Actor): string {
  if (!mayManageRecurring(actor)) throw forbidden();
  return actor.adminId!;
}

async function todayAt(tx: Tx, adminId: string): Promise<string> {
  return schoolToday(tx, adminId);
}

const templateOf = (v: RecurringFormValues) => ({
  studentId: v.studentId,
  lines: v.lines.map((l): RecurringLine => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPrice })),
  discountCents: v.discount,
  note: v.note,
  frequency: v.frequency,
  dayOfMonth: v.frequency === 'monthly' ? v.dayOfMonth! : null,
  intervalWeeks: v.frequency === 'weekly' ? v.intervalWeeks! : null,
  startsOn: v.startsOn,
  endsOn: v.endsOn ?? null,
  dueDays: v.dueDays,
  autoSend: v.autoSend,
});

async function record(tx: Tx, actor: Actor, adminId: string, action: Activity['action'], row: Pick<RecurringRow, 'id' | 'studentId'>) {
  await recordActivity(tx, { adminId, actorId: actor.accountableId, ip: actor.ip, action, targetUserId: row.studentId, meta: { recurringInvoiceId: row.id } });
}

const issuedCount = sql<number>`(select count(*) from invoices i where i.recurring_invoice_id = ${recurringInvoices.id})`.mapWith(Number);

async function loadItem(tx: Tx, id: string): Promise<RecurringItem> {
  const [row] = await tx.select({ r: recurringInvoices, first: users.firstName, last: users.lastName, issued: issuedCount })
    .from(recurringInvoices).innerJoin(users, eq(users.id, recurringInvoices.studentId)).where(eq(recurringInvoices.id, id));
  return presentRecurring(row!.r, { first_name: row!.first, last_name: row!.last }, row!.issued);
}

/** The school's recurring invoices, newest first, with how many are active and paused. */
export async function listRecurring(tx: Tx, actor: Actor, q: z.output<typeof recurringListBody>): Promise<RecurringListAnswer> {
  const adminId = schoolOf(actor);
  const base = and(eq(recurringInvoices.adminId, adminId), q.search ? nameMatches(q.search) : undefined);
  const where = and(base, q.status ? eq(recurringInvoices.active, q.status === 'active') : undefined);
  const rows = await tx.select({ r: recurringInvoices, first: users.firstName, last: users.lastName, issued: issuedCount })
    .from(recurringInvoices).innerJoin(users, eq(users.id, recurringInvoices.studentId)).where(where)
    .orderBy(desc(recurringInvoices.createdAt), asc(recurringInvoices.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [counts] = await tx.select({
    active: sql<number>`count(*) filter (where ${recurringInvoices.active})`.mapWith(Number),
    paused: sql<number>`count(*) filter (where not ${recurringInvoices.active})`.mapWith(Number),
  }).from(recurringInvoices).innerJoin(users, eq(users.id, recurringInvoices.studentId)).where(base);
  const totalCount = q.status === 'active' ? counts!.active : q.status === 'paused' ? counts!.paused : counts!.active + counts!.paused;
  return toListResult(rows.map((r) => presentRecurring(r.r, { first_name: r.first, last_name: r.last }, r.issued)), totalCount, q,
    { activeCount: counts!.active, pausedCount: counts!.paused });
}

export async function createRecurring(tx: Tx, actor: Actor, v: RecurringFormValues): Promise<RecurringItem> {
  const adminId = schoolOf(actor);
  await assertStudentOfSchool(tx, adminId, v.studentId);
  const template = templateOf(v);
  const [row] = await tx.insert(recurringInvoices).values({
    adminId, ...template, nextIssueOn: firstPeriodFrom(template, await todayAt(tx, adminId)), active: true, createdBy: actor.accountableId,
  }).returning();
  await record(tx, actor, adminId, 'recurring.added', row!);
  return loadItem(tx, row!.id);
}

async function lockOwn(tx: Tx, adminId: string, id: string): Promise<RecurringRow> {
  const [row] = await tx.select().from(recurringInvoices).where(and(eq(recurringInvoices.id, id), eq(recurringInvoices.adminId, adminId))).for('update');
  if (!row) throw notFound(RECURRING_MESSAGES.notFound);
  return row;
}

const sameSchedule = (a: Pick<RecurringRow, 'frequency' | 'dayOfMonth' | 'intervalWeeks' | 'startsOn'>, b: typeof a) =>
  a.frequency === b.frequency && a.dayOfMonth === b.dayOfMonth && a.intervalWeeks === b.intervalWeeks && a.startsOn === b.startsOn;

/**
 * Changes the template; periods already issued keep their invoices. A new schedule starts again
 * from today (the job skips a period that already has its invoice).
 */
export async function updateRecurring(tx: Tx, actor: Actor, v: RecurringUpdateValues): Promise<RecurringItem> {
  const adminId = schoolOf(actor);
  const current = await lockOwn(tx, adminId, v.id);
  await assertStudentOfSchool(tx, adminId, v.studentId);
  const template = templateOf(v);
  const nextIssueOn = sameSchedule(current, template) ? current.nextIssueOn : firstPeriodFrom(template, await todayAt(tx, adminId));
  await tx.update(recurringInvoices).set({ ...template, nextIssueOn }).where(eq(recurringInvoices.id, current.id));
  await record(tx, actor, adminId, 'recurring.updated', { id: current.id, studentId: v.studentId });
  return loadItem(tx, current.id);
}

/** Pauses, or resumes from today's period on (the periods while paused are not billed). */
export async function setRecurringActive(tx: Tx, actor: Actor, id: string, active: boolean): Promise<RecurringItem> {
  const adminId = schoolOf(actor);
  const current = await lockOwn(tx, adminId, id);
  if (current.active !== active) {
    const patch: Partial<RecurringRow> = { active };
    if (active) {
      patch.nextIssueOn = firstPeriodFrom({ ...current, frequency: current.frequency as RecurringFrequency }, await todayAt(tx, adminId));
      if (current.endsOn && patch.nextIssueOn > current.endsOn) throw badRequest(RECURRING_MESSAGES.ended);
    }
    await tx.update(recurringInvoices).set(patch).where(eq(recurringInvoices.id, id));
    await record(tx, actor, adminId, active ? 'recurring.resumed' : 'recurring.paused', current);
  }
  return loadItem(tx, id);
}

/** Deletes the template; the invoices it issued stay as they are. */
export async function removeRecurring(tx: Tx, actor: Actor, id: string): Promise<void> {
  const adminId = schoolOf(actor);
  const current = await lockOwn(tx, adminId, id);
  await tx.delete(recurringInvoices).where(eq(recurringInvoices.id, id));
  await record(tx, actor, adminId, 'recurring.removed', current);
}

/** What another part of billing bills by a template of its own (a plan's subscription). */
export type StartRecurring = {
  adminId: string; studentId: string; lines: RecurringLine[]; note: string; createdBy: string | null;
  frequency: RecurringFrequency; dayOfMonth: number | null; intervalWeeks: number | null; startsOn: string; endsOn: string | null;
};

/**
 * Starts a template with no form behind it: due the day each period starts (autopay charges it
 * then) and sent at once. The issuing job bills each of its periods once, as any other. Its first
 * period begins on `startsOn` whatever the schedule's day: a monthly plan approved on the 30th is
 * billed that day and on the 28th of later months, not first a month on.
 */
export async function startRecurring(tx: Tx, t: StartRecurring): Promise<RecurringRow> {
  const [row] = await tx.insert(recurringInvoices).values({
    ...t, discountCents: 0, dueDays: 0, autoSend: true, active: true, nextIssueOn: t.startsOn,
  }).returning();
  return row!;
}

/**
 * Ends a template after `lastDay`: the periods already issued stay, none after it is billed.
 * Answers the template as it was (its next period tells where the paid time ends).
 */
export async function endRecurringAfter(tx: Tx, adminId: string, id: string, lastDay: (current: RecurringRow) => string): Promise<RecurringRow> {
  const current = await lockOwn(tx, adminId, id);
  const last = lastDay(current);
  await tx.update(recurringInvoices).set({ endsOn: last, active: current.active && current.nextIssueOn <= last }).where(eq(recurringInvoices.id, id));
  return current;
}
