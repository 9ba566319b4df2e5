import { z } from 'zod';
import { ADDROLES } from '../roles.js';
import { NAME_MAX, ADDRESS_MAX, EMAIL_MAX, PAGE_SIZE, POSTAL_CODE_INPUT_MAX, USERNAME_MAX } from '../constants.js';
import { ACCOUNT_MESSAGES, requiredString, searchField, uuid } from './common.js';
import { requiredPhoneField } from './phone.js';
import { defineRoute, listResultOf, noData } from './route.js';

/** docs/domains/schools.md "Messages"'s alerts for the superadmin's schools and private teachers. */
export const SCHOOL_MESSAGES = {
  schoolAdded: 'School Added Successfully',
  privateTeacherAdded: 'Private Teacher Added Successfully',
  updated: 'School Updated Successfully',
  deleted: 'School Deleted Successfully',
  failed: 'Something went wrong',
  statusChanged: 'Status Updated Successfully',
  ...ACCOUNT_MESSAGES,
} as const;

const name = (label: string) =>
  requiredString(`${label} is Required`)
    .max(NAME_MAX, `${label} should allow only 100 characters.`)
    .regex(/^[^\d]/, 'first character should be alphabet')
    .regex(/^[\p{L}\s'.-]+$/u, 'Special characters are not allowed');

/** The owner and the school, as the superadmin types them (a private teacher is a school of one). */
export const schoolForm = z.object({
  first_name: name('First Name'),
  last_name: name('Last Name'),
  school_name: requiredString('School Name is Required').max(NAME_MAX, 'School Name should allow only 100 characters.'),
  username: requiredString('Username is Required')
    .max(USERNAME_MAX, `Username should allow only ${USERNAME_MAX} characters.`)
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may use only letters, digits, dot, dash and underscore'),
  email: requiredString('Email is required').max(EMAIL_MAX, 'Please provide a valid email address').email('Please provide a valid email address'),
  working_phone: requiredPhoneField('Working Phone is required'),
  address1: requiredString('Address is Required').max(ADDRESS_MAX, 'Address should allow only 100 characters.'),
  city: requiredString('City is Required').max(ADDRESS_MAX, 'City should allow only 100 characters.'),
  state: requiredString('State is Required').max(ADDRESS_MAX, 'State should allow only 100 characters.'),
  postal_code: requiredString('Postal Code is Required').max(POSTAL_CODE_INPUT_MAX, 'Should allow only Numeric Value').regex(/^[0-9]{1,5}$/, 'Should allow only Numeric Value'),
  country: requiredString('Country is Required').max(60, 'Country should allow only 60 characters.'),
  addrole: z.enum(ADDROLES, { error: 'School Role is required' }),
});
export type SchoolForm = z.input<typeof schoolForm>;

/** Editing never changes the username (it is how the owner signs in). */
export const schoolUpdateBody = schoolForm.omit({ username: true }).extend({ id: uuid });
export const schoolStatusBody = z.object({ id: uuid, status: z.boolean() });
export const schoolIdBody = z.object({ id: uuid });

export const schoolListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.schools),
  search: searchField.optional(),
  addrole: z.enum(ADDROLES).default('School'),
  status: z.enum(['active', 'inactive']).optional(),
  sortBy: z.enum(['createdAt', 'school_name']).default('createdAt'),
  orderBy: z.union([z.literal(-1), z.literal(1)]).default(-1),
});

export const schoolListItem = z.object({
  _id: z.string(),
  userId: z.string(),
  school_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  working_phone: z.string(),
  city: z.string(),
  state: z.string(),
  status: z.boolean(),
  role: z.literal('admin'),
  addrole: z.enum(ADDROLES),
  createdAt: z.string(),
  /** Its Cadenza plan lapsed (decision 071): the school's row knows it; the plan's full state is on its details. */
  planLapsed: z.boolean(),
});
export type SchoolListItem = z.infer<typeof schoolListItem>;

export const schoolDetails = schoolListItem.extend({
  address1: z.string(),
  postal_code: z.string(),
  country: z.string(),
  teacherCount: z.number().int(),
  studentCount: z.number().int(),
  activeStudentCount: z.number().int(),
});
export type SchoolDetails = z.infer<typeof schoolDetails>;

/** A page of schools, with the status tabs' counts. */
export const schoolListAnswer = listResultOf(schoolListItem).extend({ activeCount: z.number().int(), inactiveCount: z.number().int() });
export type SchoolListAnswer = z.infer<typeof schoolListAnswer>;

/** The superadmin's alone. */
const meta = { roles: ['superadmin'], tags: ['schools'] } as const;

export const SCHOOL_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/school/privateteacher/getschoolList', body: schoolListBody, response: schoolListAnswer, meta }),
  add: defineRoute({ method: 'POST', path: '/school/privateteacher/add', body: schoolForm, response: schoolListItem, meta }),
  update: defineRoute({ method: 'POST', path: '/school/privateteacher/update', body: schoolUpdateBody, response: schoolListItem, meta }),
  changeStatus: defineRoute({ method: 'POST', path: '/school/privateteacher/changeStatus', body: schoolStatusBody, response: schoolListItem, meta }),
  remove: defineRoute({ method: 'DELETE', path: '/school/privateteacher/removeSchool', body: schoolIdBody, response: noData, meta }),
  details: defineRoute({ method: 'GET', path: '/school/privateteacher/viewProfileBySchoolId/:id', params: schoolIdBody, response: schoolDetails, meta }),
};
