import { z } from 'zod';
import { NAME_MAX, PAGE_SIZE, TEXT_MAX } from '../constants.js';
import { optionalText, requiredId, requiredString, safeString, searchField, uuid } from './common.js';
import { moneyField } from './money.js';

/**
 * A school's plans for its students (issue 12, docs/domains/plans.md "Screens and routes", "Data and calls", "Rules"). Plan Builder
 * (/studentbilling/planbuilder, admin and sub-admin), Group Plans (/studentbilling/groupplans,
 * admin), buying on Payment / Billing (/buyPlanDetails, /plan-registration/{id}), approving on
 * /studentbilling/approveplan (admin). Calls under /api/studentBilling: getListPlanBuilder,
 * addPlanBuilder, updatePlanBuilder, deletePlanBuilder, getPlanById, payments (ask for a plan),
 * mySubscription, approvePlanByAdmin, cancelBookPlan; /api/paymentbilling/planList and
 * instrumentTeacher.
 */
export const PLAN_PERIODS = ['monthly', 'term', 'once'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const PLAN_PERIOD_LABELS: Record<PlanPeriod, string> = { monthly: 'Monthly', term: 'Per term', once: 'One time' };
/** A term bills every 13 weeks (a quarter of the year). */
export const TERM_WEEKS = 13;

export const PLAN_LESSON_KINDS = ['private', 'class_group'] as const;
export type PlanLessonKind = (typeof PLAN_LESSON_KINDS)[number];
export const PLAN_LESSON_KIND_LABELS: Record<PlanLessonKind, string> = { private: 'Private', class_group: 'Class/Group' };

export const PLAN_MESSAGES = {
  nameRequired: 'Plan Name is Required',
  nameMax: `Plan Name should allow only ${NAME_MAX} characters.`,
  priceRequired: 'Price is Required',
  periodRequired: 'Billing Period is Required',
  lessons: 'Please enter a number of lessons from 1 to 100',
  minutes: 'Please enter a lesson length from 5 to 240 minutes',
  kindRequired: 'Lesson Type is Required',
  teacherOfSchool: 'Please choose teachers of this school',
  classGroupRequired: 'Class/Group is Required',
  classGroupOfSchool: 'Please choose a class/group of this school',
  descriptionMax: `Description should allow only ${TEXT_MAX} characters.`,
  added: 'Plan added successfully',
  updated: 'Plan updated successfully',
  deleted: 'Plan deleted successfully',
  retired: 'Plan retired: students who have it keep it until they cancel',
  notFound: 'Plan not found',
  requestNotFound: 'Plan request not found',
  cardRequired: 'Please choose a card',
  cardNotYours: 'Please choose one of your cards',
  alreadyAsked: 'You have already asked for this plan',
  requested: 'Plan requested: the school will approve it',
  approved: 'Plan approved',
  declined: 'Plan request declined',
  notWaiting: 'This request has already been answered',
  cancelled: 'Plan cancelled: it ends at the end of the paid period',
  notActive: 'This plan is not active',
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z.union([z.number({ error: message }), safeString({ error: message }).trim().max(4, message)])
    .transform((v) => (typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v)))
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, message);

const planFields = {
  planName: requiredString(PLAN_MESSAGES.nameRequired).max(NAME_MAX, PLAN_MESSAGES.nameMax),
  /** Dollars; 0 is a free plan (docs/domains/plans.md "Limits"). */
  price: z.union([z.number(), safeString().max(12, PLAN_MESSAGES.priceRequired)], { error: PLAN_MESSAGES.priceRequired })
    .refine((v) => v !== '', PLAN_MESSAGES.priceRequired)
    .pipe(moneyField),
  billingPeriod: z.enum(PLAN_PERIODS, { error: PLAN_MESSAGES.periodRequired }),
  lessonsPerPeriod: wholeNumber(1, 100, PLAN_MESSAGES.lessons),
  lessonMinutes: wholeNumber(5, 240, PLAN_MESSAGES.minutes),
  lessonType: z.enum(PLAN_LESSON_KINDS, { error: PLAN_MESSAGES.kindRequired }),
  /** The instrument/genre (a platform-wide list). */
  instrumentId: uuid.nullish(),
  teacherIds: z.array(uuid).max(50).default([]),
  /** A group plan's class/group (Group Plans). */
  classGroupId: uuid.nullish(),
  description: optionalText(TEXT_MAX, PLAN_MESSAGES.descriptionMax, { multiline: true }).default(''),
};

export const planForm = z.object(planFields);
export type PlanFormInput = z.input<typeof planForm>;
export type PlanFormValues = z.output<typeof planForm>;

export const planUpdateBody = z.object({ planId: uuid, ...planFields });
export type PlanUpdateValues = z.output<typeof planUpdateBody>;

export const planIdBody = z.object({ planId: uuid });

export const PLAN_LIST_KINDS = ['individual', 'group'] as const;
export const SUBSCRIPTION_LISTS = ['approved', 'waiting'] as const;
export type SubscriptionList = (typeof SUBSCRIPTION_LISTS)[number];

/**
 * getListPlanBuilder (docs/domains/plans.md "Data and calls"'s plan builder entry): the school's plans, or with
 * isPlanApproveList the requests (approved list or waiting list).
 */
export const planListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.plans),
  search: searchField.optional(),
  kind: z.enum(PLAN_LIST_KINDS).default('individual'),
  isPlanApproveList: z.boolean().default(false),
  list: z.enum(SUBSCRIPTION_LISTS).default('waiting'),
});
export type PlanListQuery = z.input<typeof planListBody>;

/** /paymentbilling/planList: the school's plans a family may ask for. */
export const familyPlanListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.plans),
});

export const instrumentTeacherBody = z.object({ instrumentId: uuid.nullish() });

/** POST /studentBilling/payments: ask for a plan for a student (one's own, or a child). */
export const askPlanBody = z.object({
  planId: requiredId(PLAN_MESSAGES.notFound),
  /** The student; a student asking for themself may leave it out. */
  studentId: uuid.optional(),
  /** The payer's saved card (a student whose parent pays leaves it out). */
  cardId: uuid.nullish(),
});
export type AskPlanBody = z.input<typeof askPlanBody>;

export const approvePlanBody = z.object({ subscriptionId: uuid, approve: z.boolean().default(true) });
export const cancelPlanBody = z.object({ subscriptionId: uuid });

// --- answers ------------------------------------------------------------------------------

export type PlanItem = {
  _id: string;
  planName: string;
  price: number;
  isFree: boolean;
  billingPeriod: PlanPeriod;
  lessonsPerPeriod: number;
  lessonMinutes: number;
  lessonType: PlanLessonKind;
  instrument: { _id: string; name: string } | null;
  teachers: { _id: string; first_name: string; last_name: string }[];
  classGroup: { _id: string; name: string } | null;
  description: string;
  /** "4 × 30 min lessons, Monthly" */
  summary: string;
  /** Students with a live request or subscription. */
  subscriberCount: number;
  createdAt: string;
};
export type PlanListAnswer = { results: PlanItem[]; page: number; limit: number; totalCount: number };

export const SUBSCRIPTION_STATUSES = ['waiting', 'active', 'cancelled', 'declined', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  waiting: 'Waiting for approval', active: 'Active', cancelled: 'Cancelled', declined: 'Declined', ended: 'Ended',
};

export type SubscriptionItem = {
  _id: string;
  plan: { _id: string; planName: string; price: number; billingPeriod: PlanPeriod };
  student: { _id: string; first_name: string; last_name: string };
  status: SubscriptionStatus;
  requestedAt: string;
  approvedAt: string | null;
  startsOn: string | null;
  /** Set once cancelled: the last day of the paid period. */
  endsOn: string | null;
  /** The next period's charge date, while it runs. */
  nextChargeOn: string | null;
  /** The card's brand and last four digits, when one was picked. */
  card: string | null;
};
export type SubscriptionListAnswer = { results: SubscriptionItem[]; page: number; limit: number; totalCount: number; approvedCount: number; waitingCount: number };
export type InstrumentTeacher = { _id: string; first_name: string; last_name: string };

/** "4 × 30 min lessons, Monthly" */
export function planSummary(p: { lessonsPerPeriod: number; lessonMinutes: number; billingPeriod: PlanPeriod }): string {
  const lessons = p.lessonsPerPeriod === 1 ? `1 × ${p.lessonMinutes} min lesson` : `${p.lessonsPerPeriod} × ${p.lessonMinutes} min lessons`;
  return `${lessons}, ${PLAN_PERIOD_LABELS[p.billingPeriod]}`;
}

/** A monthly plan bills on the day it starts (the 28th at the latest, so every month has it). */
export const dayOfMonthFor = (date: string) => Math.min(Number(date.slice(8, 10)), 28);
