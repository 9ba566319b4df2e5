import { z } from 'zod';
import { NAME_MAX, PAGE_SIZE } from '../constants.js';
import { CARD_MESSAGES, cardCodeField, cardNumberField } from './billing.js';
import { expDateField } from './billing-family.js';
import { requiredString, safeString, searchField, uuid, requiredId } from './common.js';
import { moneyField } from './money.js';

/**
 * The provider's plans for schools (issue 12): the superadmin's Plan Builder
 * (/schoolbilling/planbuilder) and Book Plan (/schoolbilling/bookplan), a school's own plan on
 * Payment / Billing. Calls under /api: POST /schoolBilling/getSchoolPlanList, addSchoolPlan,
 * updateSchoolPlan, DELETE /schoolBilling/deleteSchoolPlan, GET /schoolBilling/myPlan; POST
 * /bookPlan/bookplanschool, getbookplanschool, updatebookplanschool, planUpgradeEmail,
 * cancelBookPlanSchool.
 */
export const SCHOOL_PLAN_TYPES = ['school', 'privateTeacher'] as const;
export type SchoolPlanType = (typeof SCHOOL_PLAN_TYPES)[number];
export const SCHOOL_PLAN_TYPE_LABELS: Record<SchoolPlanType, string> = { school: 'School', privateTeacher: 'Private teacher' };
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
  studentLimit: (max: number) => `Your plan allows ${max} students: please upgrade your plan to add more`,
  teacherLimit: (max: number) => `Your plan allows ${max} teachers: please upgrade your plan to add more`,
  overLimit: 'The school has more students or teachers than this plan allows',
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

export type SchoolPlan = {
  _id: string;
  planName: string;
  /** Dollars. */
  price: number;
  currency: string;
  isFree: boolean;
  schoolPrivateTeacher: SchoolPlanType;
  billingPeriod: SchoolPlanPeriod;
  maxStudents: number | null;
  maxTeachers: number | null;
  storeIncluded: boolean;
  /** How many schools are on it now. */
  schoolCount: number;
  createdAt: string;
};

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

export type PlanCharge = {
  _id: string;
  planName: string;
  periodStartsOn: string;
  periodEndsOn: string;
  amount: number;
  currency: string;
  method: BookingMethod;
  /** pending | succeeded | declined | failed | invoiced */
  status: string;
  message: string;
  cardBrand: string | null;
  cardLast4: string | null;
  createdAt: string;
};

export type SchoolBooking = {
  _id: string;
  adminId: string;
  school_name: string;
  owner: { first_name: string; last_name: string; email: string | null };
  plan: SchoolPlan;
  status: BookingStatus;
  paymentMethod: BookingMethod;
  periodStartsOn: string;
  /** The next renewal; the last day of the plan when it is cancelled. */
  renewsOn: string;
  cancelAtPeriodEnd: boolean;
  card: { brand: string; last4: string } | null;
  testMode: boolean;
  studentCount: number;
  teacherCount: number;
  createdAt: string;
};

export type MyPlan = { booking: SchoolBooking | null; charges: PlanCharge[] };
