import { z } from 'zod';
import { EMAIL_MAX, LEVELS, NAME_MAX, PAGE_SIZE } from '../constants.js';
import { requiredString, uuid } from './common.js';
import { PHONE_INVALID, requiredPhoneField } from './phone.js';
import { instrumentInput } from './members.js';
import { US_PHONE_PATTERN } from '../signup-widget-text.js';
import { defineRoute, listResultOf } from './route.js';

/**
 * The public student signup widget (docs/domains/members.md "Screens and routes" /studentSignup/{id}, "Data and calls" signup payload,
 * "Messages") and the school's review of what arrives through it (New Widget Students):
 *   POST /api/student/studentSignupWidget/school   {adminId} → {school_name, genres}   (no token)
 *   POST /api/student/studentSignupWidget/add      the signup payload                  (no token)
 *   POST /api/reporting/approvedStudent/list | /approve | /decline                     (admin, subadmin)
 */
export { SIGNUP_MESSAGES, US_PHONE_PATTERN, formatUsPhone } from '../signup-widget-text.js';

const name = (label: string) =>
  requiredString(`${label} is Required`).max(NAME_MAX, `${label} should allow only 100 characters.`);

/** The add-instrument modal's entry, one per genre. */
export const signupInstrument = instrumentInput;
export type SignupInstrument = z.input<typeof signupInstrument>;

export const signupFields = z.object({
  first_name: name('First Name'),
  last_name: name('Last Name'),
  email: requiredString('Email is Required')
    .max(EMAIL_MAX, 'Please provide a valid email address')
    .email('Please provide a valid email address'),
  cellPhone: requiredPhoneField('Cell Phone is Required').regex(US_PHONE_PATTERN, PHONE_INVALID),
  genreId: z.array(signupInstrument).max(20, 'Please add at most 20 instruments/genres')
    .refine((list) => new Set(list.map((i) => i.genreId)).size === list.length, 'Each instrument/genre may appear once')
    .default([]),
});
export type SignupFields = z.input<typeof signupFields>;

/** docs/domains/members.md "Data and calls": first_name, last_name, email, cellPhone, genreId list, adminId, role student. */
export const signupBody = signupFields.extend({
  adminId: uuid,
  /** The plan a visitor chose in the plan widget: once approved they are invited straight to it. */
  planId: uuid.optional(),
  role: z.literal('student').default('student'),
});
export type SignupBody = z.input<typeof signupBody>;

/** planId: the plan chosen in the plan widget, answered as `plan` while the school offers it. */
export const signupSchoolBody = z.object({ adminId: uuid, planId: uuid.optional() });
export const signupSchool = z.object({
  school_name: z.string(),
  genres: z.array(z.object({ _id: z.string(), name: z.string() })),
  plan: z.object({ _id: z.string(), planName: z.string() }).nullable(),
});
export type SignupSchool = z.infer<typeof signupSchool>;

export const SIGNUP_STATUSES = ['pending', 'approved', 'declined'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

export const signupListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.people),
  status: z.enum(SIGNUP_STATUSES).default('pending'),
  sortBy: z.enum(['createdAt']).default('createdAt'),
  orderBy: z.union([z.literal(-1), z.literal(1)]).default(-1),
});
export type SignupListQuery = z.input<typeof signupListBody>;

export const signupIdBody = z.object({ id: uuid });

export const signupItem = z.object({
  _id: z.string(),
  adminId: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  cellPhone: z.string(),
  instruments: z.array(z.object({ genreId: z.object({ _id: z.string(), name: z.string() }), level: z.enum(LEVELS) })),
  status: z.enum(SIGNUP_STATUSES),
  plan: z.object({ _id: z.string(), planName: z.string() }).nullable(),
  studentId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SignupItem = z.infer<typeof signupItem>;

/** The list counts are the tabs' numbers. */
export const signupCounts = z.object({ pendingCount: z.number().int(), approvedCount: z.number().int(), declinedCount: z.number().int() });
export type SignupCounts = z.infer<typeof signupCounts>;
export const signupListAnswer = listResultOf(signupItem).extend(signupCounts.shape);
export type SignupListAnswer = z.infer<typeof signupListAnswer>;

/** The widget is public (no token): its calls are throttled by address (server/modules/signup-widget/limits.ts). */
const widget = { roles: 'public', tags: ['signup widget'] } as const;
/** Any signed-in person calls them; who may list and decide is the members policy (kind 'signup'). */
const review = { roles: 'signedIn', tags: ['signup widget'] } as const;

export const SIGNUP_ROUTES = {
  school: defineRoute({ method: 'POST', path: '/student/studentSignupWidget/school', body: signupSchoolBody, response: signupSchool, meta: widget }),
  add: defineRoute({ method: 'POST', path: '/student/studentSignupWidget/add', body: signupBody, response: z.object({ _id: z.string() }), meta: widget }),
  list: defineRoute({ method: 'POST', path: '/reporting/approvedStudent/list', body: signupListBody, response: signupListAnswer, meta: { ...review, lapsedSchool: 'open' } }),
  approve: defineRoute({ method: 'POST', path: '/reporting/approvedStudent/approve', body: signupIdBody, response: signupItem, meta: review }),
  decline: defineRoute({ method: 'POST', path: '/reporting/approvedStudent/decline', body: signupIdBody, response: signupItem, meta: review }),
};
