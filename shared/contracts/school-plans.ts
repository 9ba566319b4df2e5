import { z } from 'zod';
import { NAME_MAX, PAGE_SIZE } from '../constants.js';
import { CARD_MESSAGES, cardCodeField, cardNumberField, checkCardCode, expDateField } from './card.js';
import { requiredString, safeString, searchField, uuid, requiredId } from './common.js';
import { moneyField } from './money.js';
import { defineRoute, listResultOf, noData } from './route.js';
import { SCHOOL_PLAN_TYPES } from '../school-plans-text.js';

/**
 * The provider's plans for schools (issue 12): the superadmin's Plan Builder
 * (/schoolbilling/planbuilder) and Book Plan (/schoolbilling/bookplan), a school's own plan on
 * Payment / Billing. Calls under /api: POST /schoolBilling/getSchoolPlanList, addSchoolPlan,
 * updateSchoolPlan, DELETE /schoolBilling/deleteSchoolPlan, GET /schoolBilling/myPlan; POST
 * /bookPlan/bookplanschool, getbookplanschool, updatebookplanschool, planUpgradeEmail,
 * cancelBookPlanSchool.
 */
export { SCHOOL_PLAN_TYPES, SCHOOL_PLAN_TYPE_LABELS, type SchoolPlanType } from '../school-plans-text.js';
/** A paid plan's School Role comes from its type (docs/domains/plans.md "Rules"). */
export const ADDROLE_OF_PLAN_TYPE = { school: 'School', privateTeacher: 'Private teacher' } as const;

export const SCHOOL_PLAN_PERIODS = ['monthly', 'yearly'] as const;
export type SchoolPlanPeriod = (typeof SCHOOL_PLAN_PERIODS)[number];
export const SCHOOL_PLAN_PERIOD_LABELS: Record<SchoolPlanPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };

export const BOOKING_METHODS = ['card', 'invoice'] as const;
export type BookingMethod = (typeof BOOKING_METHODS)[number];

export const SCHOOL_PLAN_MESSAGES = {
  added: 'Plan Added Successfully',
  updated: 'Plan Updated Successfully',
  deleted: 'Plan Deleted Successfully',
  retired: 'Plan Retired: schools on it keep it until they change plans',
  notFound: 'Plan not found',
  nameRequired: 'Plan Name is Required',
  nameMax: 'Plan Name should allow only 100 characters.',
  typeRequired: 'School or Private teacher is Required',
  periodRequired: 'Billing Period is Required',
  limit: 'Please enter a whole number from 1 to 100000, or leave it empty for no limit',
  booked: 'Plan Booked Successfully',
  changed: 'Plan Changed Successfully',
  cancelled: 'Plan Cancelled: it ends at the end of the paid period',
  upgradeSent: 'Mail Sent successfully',
  schoolRequired: 'School is Required',
  planRequired: 'Plan is Required',
  methodRequired: 'Payment Method is Required',
  schoolNotFound: 'School not found',
  noBooking: 'This school has no plan booked',
  alreadyBooked: 'This school has a plan already: change it instead',
  samePlan: 'The school is on this plan already',
  planRetired: 'This plan is no longer offered',
  planTypeMismatch: 'This plan is for another kind of school',
  alreadyCancelled: 'This plan is cancelled already',
  cardDeclined: 'The card was declined: nothing was booked',
  paid: 'Plan Paid Successfully',
  nothingDue: 'Your plan has nothing to pay now',
  payInProgress: 'A payment of your plan is already in progress: please wait a few minutes',
  lapsed: 'Your school’s plan has lapsed: please pay on Payment / Billing to continue',
  /** What a family reads on the public pay page of a school whose plan lapsed (decision 071). */
  lapsedPayPage: 'This school cannot take card payments at the moment: please contact the school',
  studentLimit: (max: number) => `Your plan allows ${max} students: please upgrade your plan to add more`,
  teacherLimit: (max: number) => `Your plan allows ${max} teachers: please upgrade your plan to add more`,
  overLimit: 'The school has more students or teachers than this plan allows',
  ended: 'Plan Ended: the school has no plan now',
  extended: (renewsOn: string) => `Plan Extended: it now renews on ${renewsOn}`,
  actionRequired: 'Please choose to end or extend the plan',
  daysRequired: 'Please enter a whole number of days from 1 to 365',
} as const;

/** A limit typed in a form: empty is no limit. */
const limitField = z.union([z.number(), z.null(), safeString().trim().max(6, SCHOOL_PLAN_MESSAGES.limit)])
  .transform((v) => (v === null || v === '' ? null : typeof v === 'number' ? v : Number(v)))
  .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 100_000), SCHOOL_PLAN_MESSAGES.limit);

const planFields = {
  planName: requiredString(SCHOOL_PLAN_MESSAGES.nameRequired).max(NAME_MAX, SCHOOL_PLAN_MESSAGES.nameMax),
  /** Dollars; 0 is a free plan. */
  price: moneyField,
  schoolPrivateTeacher: z.enum(SCHOOL_PLAN_TYPES, { error: SCHOOL_PLAN_MESSAGES.typeRequired }),
  billingPeriod: z.enum(SCHOOL_PLAN_PERIODS, { error: SCHOOL_PLAN_MESSAGES.periodRequired }),
  maxStudents: limitField.default(null),
  maxTeachers: limitField.default(null),
  /** The store comes with the plan: booking it sets the school's showStore. */
  storeIncluded: z.boolean().default(false),
};

export const schoolPlanForm = z.object(planFields);
export type SchoolPlanFormInput = z.input<typeof schoolPlanForm>;
export type SchoolPlanFormValues = z.output<typeof schoolPlanForm>;
export const schoolPlanUpdateBody = z.object({ planId: uuid, ...planFields });
export const schoolPlanIdBody = z.object({ planId: uuid });

export const schoolPlanListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.plans),
  search: searchField.optional(),
  schoolPrivateTeacher: z.enum(SCHOOL_PLAN_TYPES).optional(),
});
export type SchoolPlanListQuery = z.input<typeof schoolPlanListBody>;

export const schoolPlan = z.object({
  _id: z.string(),
  planName: z.string(),
  /** Dollars. */
  price: z.number(),
  currency: z.string(),
  isFree: z.boolean(),
  schoolPrivateTeacher: z.enum(SCHOOL_PLAN_TYPES),
  billingPeriod: z.enum(SCHOOL_PLAN_PERIODS),
  maxStudents: z.number().int().nullable(),
  maxTeachers: z.number().int().nullable(),
  storeIncluded: z.boolean(),
  /** How many schools are on it now. */
  schoolCount: z.number().int(),
  createdAt: z.string(),
});
export type SchoolPlan = z.infer<typeof schoolPlan>;

// --- booking ----------------------------------------------------------------------------------

/** The card of a booking: the registration's names (docs/domains/plans.md) (cardNo, expDate year-month, cardCode). */
const cardFields = {
  cardNo: cardNumberField.optional(),
  expDate: expDateField.optional(),
  cardCode: cardCodeField.optional(),
};

type CardParts = { paymentMethod?: BookingMethod; cardNo?: string; expDate?: string; cardCode?: string };
function requireCard(v: CardParts, ctx: z.RefinementCtx) {
  if (v.paymentMethod !== 'card') return;
  if (!v.cardNo) ctx.addIssue({ code: 'custom', path: ['cardNo'], message: CARD_MESSAGES.numberRequired });
  if (!v.expDate) ctx.addIssue({ code: 'custom', path: ['expDate'], message: CARD_MESSAGES.monthRequired });
  if (!v.cardCode) ctx.addIssue({ code: 'custom', path: ['cardCode'], message: CARD_MESSAGES.codeRequired });
  checkCardCode(v, ctx);
}

export const bookPlanBody = z.object({
  adminId: requiredId(SCHOOL_PLAN_MESSAGES.schoolRequired),
  planId: requiredId(SCHOOL_PLAN_MESSAGES.planRequired),
  paymentMethod: z.enum(BOOKING_METHODS, { error: SCHOOL_PLAN_MESSAGES.methodRequired }),
  ...cardFields,
}).superRefine(requireCard);
export type BookPlanInput = z.input<typeof bookPlanBody>;

/** Upgrade or downgrade: the new plan from the next period on; a new card optional. */
export const updateBookPlanBody = z.object({
  adminId: requiredId(SCHOOL_PLAN_MESSAGES.schoolRequired),
  planId: requiredId(SCHOOL_PLAN_MESSAGES.planRequired),
  paymentMethod: z.enum(BOOKING_METHODS).optional(),
  ...cardFields,
}).superRefine((v, ctx) => {
  if (v.cardNo || v.expDate || v.cardCode) requireCard({ ...v, paymentMethod: 'card' }, ctx);
});

/** The owner pays a failed renewal now: with the kept card, or a new one. */
export const payMyPlanBody = z.object({ ...cardFields }).superRefine((v, ctx) => {
  if (v.cardNo || v.expDate || v.cardCode) requireCard({ ...v, paymentMethod: 'card' }, ctx);
});

export const bookingSchoolBody = z.object({ adminId: requiredId(SCHOOL_PLAN_MESSAGES.schoolRequired) });
export const planUpgradeEmailBody = z.object({
  adminId: requiredId(SCHOOL_PLAN_MESSAGES.schoolRequired),
  planId: requiredId(SCHOOL_PLAN_MESSAGES.planRequired),
});

export const bookingListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.plans),
  search: searchField.optional(),
});
export type BookingListQuery = z.input<typeof bookingListBody>;

export const BOOKING_STATUSES = ['active', 'lapsed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * What the provider sees of a school's plan (decision 071): renewing (paid, renews by itself),
 * active (paid, ends at the period's end), failedPayment (a renewal was declined, a retry is due),
 * lapsed (the last retry failed: the wall), ended.
 */
export const PLAN_STATES = ['renewing', 'active', 'failedPayment', 'lapsed', 'ended'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  renewing: 'Renewing', active: 'Active, ends at period end', failedPayment: 'Failed payment', lapsed: 'Lapsed', ended: 'Ended',
};
export function planStateOf(b: { status: BookingStatus; renewalFailures: number; cancelAtPeriodEnd: boolean }): PlanState {
  if (b.status === 'lapsed') return 'lapsed';
  if (b.status === 'cancelled') return 'ended';
  if (b.renewalFailures > 0) return 'failedPayment';
  return b.cancelAtPeriodEnd ? 'active' : 'renewing';
}

/** The provider ends a school's plan now, or extends its paid period by some days (decision 071): the form's and the server's rule. */
export const PLAN_END_ACTIONS = ['end', 'extend'] as const;
/** Days as typed in the form (a string) or sent as a number; null or '' when none. */
const daysTyped = z.union([z.number(), z.null(), safeString().trim().max(3, SCHOOL_PLAN_MESSAGES.daysRequired)], { error: SCHOOL_PLAN_MESSAGES.daysRequired });
/** An extension's days: a whole number from 1 to 365. */
const extendDays = daysTyped.optional()
  .transform((v) => (v === undefined || v === null || v === '' ? Number.NaN : typeof v === 'number' ? v : Number(v)))
  .pipe(z.number({ error: SCHOOL_PLAN_MESSAGES.daysRequired }).int(SCHOOL_PLAN_MESSAGES.daysRequired)
    .min(1, SCHOOL_PLAN_MESSAGES.daysRequired).max(365, SCHOOL_PLAN_MESSAGES.daysRequired));
const endAction = z.object({ action: z.literal(PLAN_END_ACTIONS[0]) });
const extendAction = z.object({ action: z.literal(PLAN_END_ACTIONS[1]), days: extendDays });
/** What the provider's form sends: end, or extend with its days (an extend has days by its type, never "maybe"). */
export const planEndAction = z.discriminatedUnion('action', [endAction, extendAction], { error: SCHOOL_PLAN_MESSAGES.actionRequired });
const schoolId = { adminId: requiredId(SCHOOL_PLAN_MESSAGES.schoolRequired) };
/**
 * The route's body: each field's own rule first, so a bad field is named whatever the action
 * (a bad school id beside a missing action answers both), then the union of end and extend.
 */
export const planEndBody = z.object({
  ...schoolId,
  action: z.enum(PLAN_END_ACTIONS, { error: SCHOOL_PLAN_MESSAGES.actionRequired }),
  days: daysTyped.optional(),
}).pipe(z.discriminatedUnion('action', [endAction.extend(schoolId), extendAction.extend(schoolId)], { error: SCHOOL_PLAN_MESSAGES.actionRequired }));
export type PlanEndAction = z.input<typeof planEndAction>;
export type PlanEndInput = z.input<typeof planEndBody>;

export const planCharge = z.object({
  _id: z.string(),
  planName: z.string(),
  periodStartsOn: z.string(),
  periodEndsOn: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.enum(BOOKING_METHODS),
  /** pending | succeeded | declined | failed | invoiced */
  status: z.string(),
  message: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
});
export type PlanCharge = z.infer<typeof planCharge>;

export const schoolBooking = z.object({
  _id: z.string(),
  adminId: z.string(),
  school_name: z.string(),
  owner: z.object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable() }),
  plan: schoolPlan,
  status: z.enum(BOOKING_STATUSES),
  planState: z.enum(PLAN_STATES),
  paymentMethod: z.enum(BOOKING_METHODS),
  periodStartsOn: z.string(),
  /** The next renewal; the last day of the plan when it is cancelled. */
  renewsOn: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  testMode: z.boolean(),
  studentCount: z.number().int(),
  teacherCount: z.number().int(),
  createdAt: z.string(),
});
export type SchoolBooking = z.infer<typeof schoolBooking>;

/**
 * The plan states of the schools on a page of the provider's Schools list (decision 071): the web
 * composes it with the schools' own list, which knows nothing of plans (schools is below
 * school-plans). A school without a booking is left out.
 */
export const planStatesBody = z.object({ adminIds: z.array(uuid).max(100, 'At most 100 schools at a time') });
export const planStates = z.array(z.object({ adminId: z.string(), planState: z.enum(PLAN_STATES) }));
export type PlanStates = z.infer<typeof planStates>;

export const myPlan = z.object({ booking: schoolBooking.nullable(), charges: z.array(planCharge) });
export type MyPlan = z.infer<typeof myPlan>;

// --- routes (decision 059) ----------------------------------------------------------------

/** The OpenAPI group, also of the public self-registration's routes (shared/contracts/school-signup.ts). */
export const SCHOOL_PLAN_TAGS = ['school plans'];
const tags = SCHOOL_PLAN_TAGS;
const superadmin = { roles: ['superadmin'], tags } as const;
/** The school's owner (a private teacher is a school of one); open when the plan lapsed (issue 12). */
const owner = { roles: ['admin'], tags, lapsedSchool: 'open' } as const;

export const SCHOOL_PLAN_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/schoolBilling/getSchoolPlanList', body: schoolPlanListBody, response: listResultOf(schoolPlan), meta: superadmin }),
  add: defineRoute({ method: 'POST', path: '/schoolBilling/addSchoolPlan', body: schoolPlanForm, response: schoolPlan, meta: superadmin }),
  update: defineRoute({ method: 'POST', path: '/schoolBilling/updateSchoolPlan', body: schoolPlanUpdateBody, response: schoolPlan, meta: superadmin }),
  /** One offered plan with its school count, for the provider's /plan-registration/{id} (decision 090). */
  view: defineRoute({ method: 'POST', path: '/schoolBilling/getSchoolPlanById', body: schoolPlanIdBody, response: schoolPlan, meta: superadmin }),
  remove: defineRoute({
    method: 'DELETE', path: '/schoolBilling/deleteSchoolPlan', body: schoolPlanIdBody,
    response: z.object({ outcome: z.enum(['deleted', 'retired']) }), meta: superadmin,
  }),
  myPlan: defineRoute({ method: 'GET', path: '/schoolBilling/myPlan', response: myPlan, meta: owner }),
  payMyPlan: defineRoute({ method: 'POST', path: '/schoolBilling/payMyPlan', body: payMyPlanBody, response: myPlan, meta: { ...owner, movesMoney: true } }),

  book: defineRoute({ method: 'POST', path: '/bookPlan/bookplanschool', body: bookPlanBody, response: myPlan, meta: { ...superadmin, movesMoney: true } }),
  bookings: defineRoute({ method: 'POST', path: '/bookPlan/getbookplanschool', body: bookingListBody, response: listResultOf(schoolBooking), meta: superadmin }),
  change: defineRoute({ method: 'POST', path: '/bookPlan/updatebookplanschool', body: updateBookPlanBody, response: myPlan, meta: superadmin }),
  upgradeEmail: defineRoute({ method: 'POST', path: '/bookPlan/planUpgradeEmail', body: planUpgradeEmailBody, response: noData, meta: superadmin }),
  cancel: defineRoute({ method: 'POST', path: '/bookPlan/cancelBookPlanSchool', body: bookingSchoolBody, response: myPlan, meta: superadmin }),
  /** One school's plan and bills, for the provider's school details (decision 071). */
  schoolPlan: defineRoute({ method: 'POST', path: '/bookPlan/schoolPlan', body: bookingSchoolBody, response: myPlan, meta: superadmin }),
  /** The plan state of each school of a page of the provider's Schools list (decision 071). */
  planStates: defineRoute({ method: 'POST', path: '/bookPlan/planStates', body: planStatesBody, response: planStates, meta: superadmin }),
  /** The provider ends a school's plan now or extends it by hand (decision 071). */
  endOrExtend: defineRoute({ method: 'POST', path: '/bookPlan/endOrExtend', body: planEndBody, response: myPlan, meta: superadmin }),
};
