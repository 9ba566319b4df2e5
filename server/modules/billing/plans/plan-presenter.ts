import type { planSubscriptions, studentPlans } from '../../../db/schema/index.js';
import { dollarsOf } from '../../../../shared/money.js';
import {
  planSummary, type PlanItem, type PlanLessonKind, type PlanPeriod, type SubscriptionItem, type SubscriptionStatus,
} from '../../../../shared/contracts/student-plans.js';

export type PlanRow = typeof studentPlans.$inferSelect;
export type SubscriptionRow = typeof planSubscriptions.$inferSelect;
export type Named = { _id: string; first_name: string; last_name: string };

/** What a plan's row needs beside it: the names its ids point at. */
export type PlanNames = {
  teachers: Map<string, Named>;
  genres: Map<string, string>;
  classGroups: Map<string, string>;
  subscribers: Map<string, number>;
};

export function presentPlan(p: PlanRow, names: PlanNames): PlanItem {
  const billingPeriod = p.period as PlanPeriod;
  return {
    _id: p.id,
    planName: p.name,
    price: dollarsOf(p.priceCents),
    isFree: p.priceCents === 0,
    billingPeriod,
    lessonsPerPeriod: p.lessonsPerPeriod,
    lessonMinutes: p.lessonMinutes,
    lessonType: p.lessonKind as PlanLessonKind,
    instrument: p.genreId && names.genres.has(p.genreId) ? { _id: p.genreId, name: names.genres.get(p.genreId)! } : null,
    teachers: p.teacherIds.flatMap((id) => names.teachers.get(id) ?? []),
    classGroup: p.classGroupId && names.classGroups.has(p.classGroupId) ? { _id: p.classGroupId, name: names.classGroups.get(p.classGroupId)! } : null,
    description: p.description,
    summary: planSummary({ lessonsPerPeriod: p.lessonsPerPeriod, lessonMinutes: p.lessonMinutes, billingPeriod }),
    subscriberCount: names.subscribers.get(p.id) ?? 0,
    createdAt: p.createdAt.toISOString(),
  };
}

/** A cancelled subscription whose paid period is over reads as ended. */
export function statusOf(s: Pick<SubscriptionRow, 'status' | 'endsOn'>, today: string): SubscriptionStatus {
  if (s.status === 'cancelled' && (s.endsOn === null || s.endsOn < today)) return 'ended';
  return s.status as SubscriptionStatus;
}

export type SubscriptionFacts = {
  s: SubscriptionRow;
  plan: Pick<PlanRow, 'id' | 'name' | 'priceCents' | 'period'>;
  student: Named;
  nextIssueOn: string | null;
  recurringActive: boolean | null;
  card: string | null;
};

export function presentSubscription(f: SubscriptionFacts, today: string): SubscriptionItem {
  const status = statusOf(f.s, today);
  const runs = status === 'active' && f.recurringActive === true;
  return {
    _id: f.s.id,
    plan: { _id: f.plan.id, planName: f.plan.name, price: dollarsOf(f.plan.priceCents), billingPeriod: f.plan.period as PlanPeriod },
    student: f.student,
    status,
    requestedAt: f.s.createdAt.toISOString(),
    approvedAt: f.s.approvedAt?.toISOString() ?? null,
    startsOn: f.s.startsOn,
    endsOn: f.s.endsOn,
    nextChargeOn: runs ? f.nextIssueOn : null,
    card: f.card,
  };
}
