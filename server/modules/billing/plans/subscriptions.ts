import { inSequence } from '../../../lib/in-sequence.js';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { planSubscriptions, recurringInvoices, savedCards, studentPlans, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/http-errors.js';
import { toListResult } from '../../../lib/paging.js';
import { decideAskPlan, decideCancelPlan, mayApprovePlans } from '../../../policies/student-plans.js';
import { recordActivity } from '../../activities/index.js';
import { childrenOfParent } from '../../relations/index.js';
import {
  PLAN_MESSAGES as M, type SubscriptionItem, type SubscriptionListAnswer, type askPlanBody, type planListBody,
} from '../../../../shared/contracts/student-plans.js';
import { billingStudentFor, enforce, loadBillingStudent } from '../family/billing-student.js';
import type { FamilyContext } from '../family/family-context.js';
import { ownCardById, setDefaultCard } from '../family/saved-cards.js';
import { endRecurringAfter } from '../recurring/recurring-service.js';
import { tellOfPlanChange } from './plan-emails.js';
import { presentSubscription, type SubscriptionRow } from './plan-presenter.js';
import { livePlan } from './plans-service.js';
import { startSubscription } from './start-subscription.js';
import { addDays } from '../../../../shared/school-clock.js';
import { schoolToday } from '../../../lib/school-clock.js';

async function todayAt(tx: Tx, adminId: string, now: Date): Promise<string> {
  return schoolToday(tx, adminId, now);
}

/** Subscriptions matching `where`, with their plan, student, next period and card, newest first. */
async function loadSubscriptions(tx: Tx, where: SQL | undefined, today: string, page?: { page: number; limit: number }): Promise<SubscriptionItem[]> {
  const query = tx.select({
    s: planSubscriptions,
    plan: { id: studentPlans.id, name: studentPlans.name, priceCents: studentPlans.priceCents, period: studentPlans.period },
    first: users.firstName, last: users.lastName,
    nextIssueOn: recurringInvoices.nextIssueOn, recurringActive: recurringInvoices.active,
    brand: savedCards.brand, last4: savedCards.last4,
  }).from(planSubscriptions)
    .innerJoin(studentPlans, eq(studentPlans.id, planSubscriptions.planId))
    .innerJoin(users, eq(users.id, planSubscriptions.studentId))
    .leftJoin(recurringInvoices, eq(recurringInvoices.id, planSubscriptions.recurringInvoiceId))
    .leftJoin(savedCards, eq(savedCards.id, planSubscriptions.cardId))
    .where(where)
    .orderBy(desc(planSubscriptions.createdAt), desc(planSubscriptions.id));
  const rows = page ? await query.limit(page.limit).offset((page.page - 1) * page.limit) : await query;
  return rows.map((r) => presentSubscription({
    s: r.s, plan: r.plan, student: { _id: r.s.studentId, first_name: r.first, last_name: r.last },
    nextIssueOn: r.nextIssueOn, recurringActive: r.recurringActive, card: r.brand ? `${r.brand} ending in ${r.last4}` : null,
  }, today));
}

async function loadOne(tx: Tx, id: string, today: string): Promise<SubscriptionItem> {
  const [item] = await loadSubscriptions(tx, eq(planSubscriptions.id, id), today);
  return item!;
}

/**
 * POST /studentBilling/payments: a student (for themself) or a parent (for a child) asks for a
 * plan. The payer picks one of their own cards (it becomes their default: autopay charges it once
 * approved); a student whose parent pays asks without one. It then waits for the admin.
 */
export async function askPlan(tx: Tx, actor: Actor, body: z.output<typeof askPlanBody>, ctx: FamilyContext): Promise<SubscriptionItem> {
  const studentId = body.studentId ?? (actor.role === 'student' ? actor.id : null);
  if (!studentId) {
    if (actor.role === 'parent') throw badRequest('Please choose a child', { studentId: 'Please choose a child' });
    throw forbidden();
  }
  const student = await billingStudentFor(tx, actor, studentId, decideAskPlan);
  const plan = await livePlan(tx, student.adminId, body.planId);
  const payer = actor.role === 'parent' || !student.hasParent;
  let cardId: string | null = null;
  if (payer && plan.priceCents > 0) {
    if (!body.cardId) throw badRequest(M.cardRequired, { cardId: M.cardRequired });
    const card = await ownCardById(tx, actor, body.cardId, student.adminId, ctx);
    if (!card) throw badRequest(M.cardNotYours, { cardId: M.cardNotYours });
    if (!card.isDefault) await setDefaultCard(tx, actor, card.id, ctx.now());
    cardId = card.id;
  }
  const [row] = await tx.insert(planSubscriptions).values({
    adminId: student.adminId, planId: plan.id, studentId: student.studentId, requestedBy: actor.id, cardId, status: 'waiting',
  }).onConflictDoNothing().returning();
  if (!row) throw conflict(M.alreadyAsked);
  await recordActivity(tx, {
    adminId: student.adminId, actorId: actor.accountableId, ip: actor.ip, action: 'plan.requested', targetUserId: student.studentId, meta: { name: plan.name, planId: plan.id },
  });
  await tellOfPlanChange(tx, ctx.appUrl, row, { kind: 'requested' });
  return loadOne(tx, row.id, await todayAt(tx, student.adminId, ctx.now()));
}

async function lockSubscription(tx: Tx, adminId: string, id: string): Promise<SubscriptionRow> {
  const [row] = await tx.select().from(planSubscriptions).where(and(eq(planSubscriptions.id, id), eq(planSubscriptions.adminId, adminId))).for('update');
  if (!row) throw notFound(M.requestNotFound);
  return row;
}

export type ApproveResult = { item: SubscriptionItem; started: boolean };

/**
 * approvePlanByAdmin: approves (or declines) a waiting request. The row is locked first, so a
 * second click, or two admins at the same moment, find it already answered: one subscription, one
 * recurring template, and so one invoice and one charge per period. Approving again answers the
 * subscription as it is.
 */
export async function answerRequest(tx: Tx, actor: Actor, id: string, approve: boolean, now: Date, appUrl: string): Promise<ApproveResult> {
  if (!mayApprovePlans(actor)) throw forbidden();
  const adminId = actor.adminId!;
  const sub = await lockSubscription(tx, adminId, id);
  const today = await todayAt(tx, adminId, now);
  if (sub.status !== 'waiting') {
    if (approve && sub.status === 'active') return { item: await loadOne(tx, sub.id, today), started: false };
    throw badRequest(M.notWaiting);
  }
  const [plan] = await tx.select().from(studentPlans).where(eq(studentPlans.id, sub.planId));
  if (!approve) {
    await tx.update(planSubscriptions).set({ status: 'declined' }).where(eq(planSubscriptions.id, sub.id));
  } else {
    const recurringId = await startSubscription(tx, sub, plan!, today, actor.accountableId);
    await tx.update(planSubscriptions).set({
      status: 'active', recurringInvoiceId: recurringId, startsOn: today, approvedBy: actor.accountableId, approvedAt: now,
    }).where(eq(planSubscriptions.id, sub.id));
  }
  await recordActivity(tx, {
    adminId, actorId: actor.accountableId, ip: actor.ip, action: approve ? 'plan.approved' : 'plan.declined', targetUserId: sub.studentId, meta: { name: plan!.name, planId: plan!.id },
  });
  const item = await loadOne(tx, sub.id, today);
  await tellOfPlanChange(tx, appUrl, sub, approve ? { kind: 'approved', card: item.card } : { kind: 'declined' });
  return { item, started: approve };
}

/**
 * cancelBookPlan: a waiting request is withdrawn; a running plan ends at the end of the period
 * already billed (the day before its next period), and nothing after it is billed.
 */
export async function cancelPlan(tx: Tx, actor: Actor, id: string, now: Date, appUrl: string): Promise<SubscriptionItem> {
  if (!actor.adminId) throw forbidden();
  const [found] = await tx.select({ studentId: planSubscriptions.studentId }).from(planSubscriptions).where(eq(planSubscriptions.id, id));
  if (!found) throw notFound(M.requestNotFound);
  const student = await loadBillingStudent(tx, actor, found.studentId);
  if (!student) throw notFound(M.requestNotFound);
  enforce(decideCancelPlan(actor, student), M.requestNotFound);
  const sub = await lockSubscription(tx, student.adminId, id);
  const today = await todayAt(tx, student.adminId, now);
  if (sub.status !== 'waiting' && sub.status !== 'active') throw badRequest(M.notActive);
  let endsOn: string | null = null;
  if (sub.status === 'active') {
    endsOn = today;
    if (sub.recurringInvoiceId) {
      const template = await endRecurringAfter(tx, student.adminId, sub.recurringInvoiceId, (r) => addDays(r.nextIssueOn, -1));
      endsOn = addDays(template.nextIssueOn, -1);
    }
  }
  await tx.update(planSubscriptions).set({ status: 'cancelled', endsOn, cancelledAt: now }).where(eq(planSubscriptions.id, sub.id));
  await recordActivity(tx, {
    adminId: student.adminId, actorId: actor.accountableId, ip: actor.ip, action: 'plan.cancelled', targetUserId: sub.studentId, meta: { planId: sub.planId },
  });
  await tellOfPlanChange(tx, appUrl, sub, { kind: 'cancelled', endsOn });
  return loadOne(tx, sub.id, today);
}

/** getListPlanBuilder with isPlanApproveList: the admin's approved list or waiting list. */
export async function listRequests(tx: Tx, actor: Actor, q: z.output<typeof planListBody>, now: Date): Promise<SubscriptionListAnswer> {
  if (!mayApprovePlans(actor)) throw forbidden();
  const adminId = actor.adminId!;
  const statuses = q.list === 'waiting' ? ['waiting'] : ['active', 'cancelled'];
  const search = q.search ? sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined;
  const where = and(eq(planSubscriptions.adminId, adminId), inArray(planSubscriptions.status, statuses), search);
  const today = await todayAt(tx, adminId, now);
  const [results, counts] = await inSequence([
    loadSubscriptions(tx, where, today, q),
    tx.select({ status: planSubscriptions.status, n: count() }).from(planSubscriptions).where(eq(planSubscriptions.adminId, adminId)).groupBy(planSubscriptions.status),
  ]);
  const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const [total] = await tx.select({ n: count() }).from(planSubscriptions).innerJoin(users, eq(users.id, planSubscriptions.studentId)).where(where);
  return toListResult(results, Number(total!.n), q, { approvedCount: n('active') + n('cancelled'), waitingCount: n('waiting') });
}

/** GET /studentBilling/mySubscription: a student's plans, or a parent's children's, with status and next charge. */
export async function mySubscriptions(tx: Tx, actor: Actor, now: Date): Promise<SubscriptionItem[]> {
  if (!actor.adminId || (actor.role !== 'student' && actor.role !== 'parent')) throw forbidden();
  const whose = actor.role === 'student'
    ? eq(planSubscriptions.studentId, actor.id)
    : sql`${planSubscriptions.studentId} in ${childrenOfParent(actor.id)}`;
  const today = await todayAt(tx, actor.adminId, now);
  const items = await loadSubscriptions(tx, and(whose, inArray(planSubscriptions.status, ['waiting', 'active', 'cancelled', 'declined'])), today);
  return items.filter((i) => i.status !== 'ended' || (i.endsOn !== null && i.endsOn >= addDays(today, -31)));
}

