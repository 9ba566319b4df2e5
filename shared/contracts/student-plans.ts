import { z } from 'zod';
import { NAME_MAX, PAGE_SIZE, TEXT_MAX } from '../constants.js';
import { optionalText, requiredId, requiredString, safeString, searchField, uuid } from './common.js';
import { moneyField } from './money.js';
import { defineRoute, listResultOf } from './route.js';

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

const named = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });

export const planItem = z.object({
  _id: z.string(),
  planName: z.string(),
  price: z.number(),
  isFree: z.boolean(),
  billingPeriod: z.enum(PLAN_PERIODS),
  lessonsPerPeriod: z.number(),
  lessonMinutes: z.number(),
  lessonType: z.enum(PLAN_LESSON_KINDS),
  instrument: z.object({ _id: z.string(), name: z.string() }).nullable(),
  teachers: z.array(named),
  classGroup: z.object({ _id: z.string(), name: z.string() }).nullable(),
  description: z.string(),
  /** "4 × 30 min lessons, Monthly" */
  summary: z.string(),
  /** Students with a live request or subscription. */
  subscriberCount: z.number(),
  createdAt: z.string(),
});
export type PlanItem = z.infer<typeof planItem>;
export const planListAnswer = listResultOf(planItem);
export type PlanListAnswer = z.infer<typeof planListAnswer>;

export const SUBSCRIPTION_STATUSES = ['waiting', 'active', 'cancelled', 'declined', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  waiting: 'Waiting for approval', active: 'Active', cancelled: 'Cancelled', declined: 'Declined', ended: 'Ended',
};

export const subscriptionItem = z.object({
  _id: z.string(),
  plan: z.object({ _id: z.string(), planName: z.string(), price: z.number(), billingPeriod: z.enum(PLAN_PERIODS) }),
  student: named,
  status: z.enum(SUBSCRIPTION_STATUSES),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  startsOn: z.string().nullable(),
  /** Set once cancelled: the last day of the paid period. */
  endsOn: z.string().nullable(),
  /** The next period's charge date, while it runs. */
  nextChargeOn: z.string().nullable(),
  /** The card's brand and last four digits, when one was picked. */
  card: z.string().nullable(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItem>;
export const subscriptionListAnswer = listResultOf(subscriptionItem).extend({ approvedCount: z.number(), waitingCount: z.number() });
export type SubscriptionListAnswer = z.infer<typeof subscriptionListAnswer>;
export const instrumentTeacher = named;
export type InstrumentTeacher = z.infer<typeof instrumentTeacher>;

/** "4 × 30 min lessons, Monthly" */
export function planSummary(p: { lessonsPerPeriod: number; lessonMinutes: number; billingPeriod: PlanPeriod }): string {
  const lessons = p.lessonsPerPeriod === 1 ? `1 × ${p.lessonMinutes} min lesson` : `${p.lessonsPerPeriod} × ${p.lessonMinutes} min lessons`;
  return `${lessons}, ${PLAN_PERIOD_LABELS[p.billingPeriod]}`;
}

/** The day of later months a monthly plan bills on: the day it starts, the 28th at the latest so every month has it. */
export const dayOfMonthFor = (date: string) => Math.min(Number(date.slice(8, 10)), 28);

/** Any signed-in role; who may do what is policies/student-plans.ts. A lapsed school may make or change no plan, nor ask, approve or cancel one (decision 071). */
const meta = { roles: 'signedIn', tags: ['billing: student plans'] } as const;
/** Reading plans and subscriptions stays open to a lapsed school (decision 071). */
const readMeta = { ...meta, lapsedSchool: 'open' } as const;
/** Asking with a card, approving (the first period is billed and charged) and cancelling change what a card will be charged. */
const moneyMeta = { ...meta, movesMoney: true } as const;

export const PLAN_ROUTES = {
  /**
   * The plans, or with isPlanApproveList the requests: the subscriptions' answer first, since a
   * page of plans never has its counts (and an empty page of requests would pass for plans).
   */
  list: defineRoute({ method: 'POST', path: '/studentBilling/getListPlanBuilder', body: planListBody, response: z.union([subscriptionListAnswer, planListAnswer]), meta: readMeta }),
  add: defineRoute({ method: 'POST', path: '/studentBilling/addPlanBuilder', body: planForm, response: planItem, meta }),
  update: defineRoute({ method: 'POST', path: '/studentBilling/updatePlanBuilder', body: planUpdateBody, response: planItem, meta }),
  remove: defineRoute({ method: 'DELETE', path: '/studentBilling/deletePlanBuilder', body: planIdBody, response: z.object({ retired: z.boolean() }), meta }),
  get: defineRoute({ method: 'POST', path: '/studentBilling/getPlanById', body: planIdBody, response: planItem, meta: readMeta }),
  /** Asking names the payer's saved card (decision 069: not in a login-as by staff). */
  ask: defineRoute({ method: 'POST', path: '/studentBilling/payments', body: askPlanBody, response: subscriptionItem, meta: { ...moneyMeta, usesFamilyCard: true } }),
  mine: defineRoute({ method: 'GET', path: '/studentBilling/mySubscription', response: z.array(subscriptionItem), meta: readMeta }),
  answer: defineRoute({ method: 'POST', path: '/studentBilling/approvePlanByAdmin', body: approvePlanBody, response: subscriptionItem, meta: moneyMeta }),
  cancel: defineRoute({ method: 'POST', path: '/studentBilling/cancelBookPlan', body: cancelPlanBody, response: subscriptionItem, meta: moneyMeta }),
  familyList: defineRoute({ method: 'POST', path: '/paymentbilling/planList', body: familyPlanListBody, response: planListAnswer, meta: readMeta }),
  instrumentTeachers: defineRoute({ method: 'POST', path: '/paymentbilling/instrumentTeacher', body: instrumentTeacherBody, response: z.array(instrumentTeacher), meta: readMeta }),
};
