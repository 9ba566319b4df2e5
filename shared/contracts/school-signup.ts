import { z } from 'zod';
import { ADDRESS_MAX, CUSTOMER_TYPES, EMAIL_MAX, NAME_MAX, USERNAME_MAX } from '../constants.js';
import { ADDROLES } from '../roles.js';
import { AUTH_MESSAGES, isStrongPassword, loginResult } from './auth.js';
import { CARD_MESSAGES, CARD_NUMBER_TYPED_MAX, cardDigitsOf, cardProblems } from './card.js';
import { requiredRawString, requiredString, safeString, uuid } from './common.js';
import { optionalPhoneField, requiredPhoneField } from './phone.js';
import { defineRoute } from './route.js';
import { DEFAULT_SCHOOL_ZONE } from '../time-zones.js';
import { timeZoneField } from './school-details.js';
import { SCHOOL_PLAN_TAGS, schoolPlan } from './school-plans.js';

/**
 * School self-registration (docs/domains/plans.md "Screens and routes", "Data and calls", "Rules"): the public page /signup/{id} and its calls,
 *   POST /api/schoolBilling/signupPlans   {id}                  → SignupPlans (no token)
 *   POST /api/schoolBilling/registerSchool  school registration payload (no token)
 * `{id}` is the provider's link: the superadmin's id (every plan) or one plan's id (that plan chosen).
 */
export const SCHOOL_SIGNUP_MESSAGES = {
  registered: 'school register successfully',
  /** The first charge's answer was lost: the school waits, off, for the reconcile job (decision 080). */
  paymentPending: 'Your school is registered. We are confirming your first payment with the card processor and will email you as soon as you can sign in: please do not register again.',
  linkInvalid: 'This sign-up link is not valid',
  tooMany: 'Too many registrations from this address. Please wait an hour and try again.',
  specialCharacters: 'Special characters are not allowed',
  firstAlphabet: 'first character should be alphabet',
  leadingWhitespace: AUTH_MESSAGES.leadingWhitespace,
  firstNameRequired: 'First Name is Required',
  lastNameRequired: 'Last Name is Required',
  firstNameMax: 'First Name should allow only 100 characters.',
  lastNameMax: 'Last Name should allow only 100 characters.',
  contactEmail: 'Please provide a valid contact person email address',
  numeric: 'Should allow only Numeric Value',
  schoolNameRequired: 'School Name is Required',
  usernameRequired: 'Username is Required',
  passwordRequired: 'Password is Required',
  confirmRequired: 'Confirm password is Required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide a valid email address',
  workingPhoneRequired: 'Working Phone is required',
  cellPhoneRequired: 'Cell Phone is required',
  addressRequired: 'Address is Required',
  addressMax: 'Address should allow only 100 characters.',
  cityRequired: 'City is Required',
  stateRequired: 'State is Required',
  postalCodeRequired: 'Postal Code is Required',
  countryRequired: 'Country is Required',
  timeZoneInvalid: 'Please choose a time zone from the list',
  schoolRoleRequired: 'School Role is required',
  planRequired: 'Plan is Required',
  customerTypeRequired: 'Customer Type is Required',
  passwordMin: AUTH_MESSAGES.passwordMin,
  passwordWeak: AUTH_MESSAGES.passwordWeak,
  passwordsMatch: AUTH_MESSAGES.passwordsMatch,
} as const;
const M = SCHOOL_SIGNUP_MESSAGES;

export { CUSTOMER_TYPES };

/** An owner's name: no leading space, not a digit first, no punctuation (docs/domains/plans.md "Rules"). */
const ownerName = (required: string, max: string) => safeString({ error: required })
  .min(1, required)
  .max(NAME_MAX, max)
  .refine((v) => !/^\s/.test(v), M.leadingWhitespace)
  .refine((v) => !/^\d/.test(v), M.firstAlphabet)
  .refine((v) => /^[\p{L}\p{N} ]*$/u.test(v), M.specialCharacters)
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, required);

const required = (message: string, max: number, maxMessage = message) => requiredString(message).max(max, maxMessage);
const optional = (max: number, message: string) => safeString().trim().max(max, message).optional().default('');

export const schoolRegistrationBody = z.object({
  /** The /signup/{id} link the page was opened with. */
  signupId: uuid,
  first_name: ownerName(M.firstNameRequired, M.firstNameMax),
  last_name: ownerName(M.lastNameRequired, M.lastNameMax),
  contact_person_email: safeString().trim().max(EMAIL_MAX, M.contactEmail)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(v), M.contactEmail).optional().default(''),
  // The one phone rule (shared/contracts/phone.ts): digits limited, formatting free.
  phone_number: optionalPhoneField().optional().default(''),
  school_name: required(M.schoolNameRequired, NAME_MAX, 'School Name should allow only 100 characters.'),
  username: requiredRawString(M.usernameRequired).max(USERNAME_MAX, AUTH_MESSAGES.usernameMax)
    .refine((v) => !/^\s/.test(v), M.leadingWhitespace)
    .refine((v) => /^[A-Za-z0-9._-]+$/.test(v.trim()), 'Username may use only letters, digits, dot, dash and underscore')
    .transform((v) => v.trim()),
  password: requiredRawString(M.passwordRequired).min(8, M.passwordMin).max(50, AUTH_MESSAGES.passwordMax).refine(isStrongPassword, M.passwordWeak),
  confirm_password: requiredRawString(M.confirmRequired).max(50, M.passwordsMatch),
  email: requiredString(M.emailRequired).max(EMAIL_MAX, M.emailInvalid).pipe(z.email(M.emailInvalid)),
  working_phone: requiredPhoneField(M.workingPhoneRequired),
  cellPhone: requiredPhoneField(M.cellPhoneRequired),
  address1: required(M.addressRequired, ADDRESS_MAX, M.addressMax),
  address2: optional(ADDRESS_MAX, 'Address 2 should allow only 100 characters.'),
  city: required(M.cityRequired, ADDRESS_MAX, 'City should allow only 100 characters.'),
  state: required(M.stateRequired, ADDRESS_MAX, 'State should allow only 100 characters.'),
  postal_code: requiredString(M.postalCodeRequired).max(5, M.numeric).regex(/^\d{1,5}$/, M.numeric),
  country: required(M.countryRequired, 60, 'Country should allow only 60 characters.'),
  /** The school's clock (decision 055); the page offers the browser's zone first (decision 076). */
  time_zone: timeZoneField(M.timeZoneInvalid).optional().default(DEFAULT_SCHOOL_ZONE),
  /** Asked only when the plan is free; a paid plan's type decides. */
  addrole: z.enum(ADDROLES, { error: M.schoolRoleRequired }).optional(),
  planId: z.uuid({ error: M.planRequired }).max(36, M.planRequired),
  isSelfRegister: z.literal(true).default(true),
  /** As printed on the card (spaces or dashes between groups); read as its digits (decision 074). */
  cardNo: safeString().trim().max(CARD_NUMBER_TYPED_MAX, CARD_MESSAGES.numberInvalid).optional().default('').transform(cardDigitsOf),
  /** Year-month (docs/domains/plans.md "Data and calls": expDate year-month). */
  expDate: safeString().trim().max(7, CARD_MESSAGES.monthRequired).optional().default(''),
  cardCode: safeString().trim().max(4, CARD_MESSAGES.codeInvalid).optional().default(''),
  customerType: z.enum(CUSTOMER_TYPES, { error: M.customerTypeRequired }).optional(),
});

/** What the page knows of the chosen plan: whether it is free (then the role is asked, no card). */
export type PlanKnowledge = { isFree: boolean } | null;

/** The rules that depend on the plan and on other fields; the page and the server run the same. */
export function checkRegistration(v: z.output<typeof schoolRegistrationBody>, plan: PlanKnowledge, ctx: z.RefinementCtx | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (path: string, message: string) => {
    errors[path] ??= message;
    ctx?.addIssue({ code: 'custom', path: [path], message });
  };
  if (v.confirm_password !== v.password) add('confirm_password', M.passwordsMatch);
  if (!plan) return errors;
  if (plan.isFree) {
    if (!v.addrole) add('addrole', M.schoolRoleRequired);
    return errors;
  }
  // The card rule of shared/contracts/card.ts (decision 074), its messages too; the form runs this on the number as typed.
  for (const [path, problem] of Object.entries(cardProblems(v))) add(path, problem);
  if (!v.customerType) add('customerType', M.customerTypeRequired);
  return errors;
}

export type SchoolRegistrationInput = z.input<typeof schoolRegistrationBody>;
export type SchoolRegistrationValues = z.output<typeof schoolRegistrationBody>;

export const signupPlansBody = z.object({ id: uuid });
export const signupPlansAnswer = z.object({ plans: z.array(schoolPlan), selectedPlanId: z.string().nullable() });
export type SignupPlans = z.infer<typeof signupPlansAnswer>;

// --- routes (decision 059): the school-plans module serves them, with no session ---------------

const visitor = { roles: 'public', tags: SCHOOL_PLAN_TAGS } as const;

export const SCHOOL_SIGNUP_ROUTES = {
  plans: defineRoute({ method: 'POST', path: '/schoolBilling/signupPlans', body: signupPlansBody, response: signupPlansAnswer, meta: visitor }),
  /**
   * A paid plan's first period is charged to the card given. `login`: the owner's session, signed
   * in at once (decision 076); null while the account is off (the charge's answer not yet known).
   */
  register: defineRoute({
    method: 'POST', path: '/schoolBilling/registerSchool', body: schoolRegistrationBody,
    response: z.object({ _id: z.string(), login: loginResult.nullable() }), meta: { ...visitor, movesMoney: true },
  }),
};
