import { z } from 'zod';
import { safeString, uuid } from './common.js';
import { defineRoute } from './route.js';
import { schoolForm } from './schools.js';
import { isTimeZone } from '../time-zones.js';

/**
 * A school's own details, as its admin keeps them (docs/decisions/080-a-school-changes-its-time-zone.md):
 * the contact details the provider typed or the signup asked, and the school's time zone.
 *   GET  /api/school/details/{adminId}   → OwnSchoolDetails (admin, subadmin of that school)
 *   POST /api/school/details/update      OwnSchoolDetailsBody → OwnSchoolDetails (the school's admin)
 */
export const SCHOOL_DETAILS_MESSAGES = {
  updated: 'School details saved',
  timeZoneInvalid: 'Please choose a time zone from the list',
  notFound: 'School not found',
} as const;

/** An IANA name this engine knows ("America/Chicago"); the signup asks it with the same rule. */
export const timeZoneField = (message: string = SCHOOL_DETAILS_MESSAGES.timeZoneInvalid) =>
  safeString().trim().max(64, message).refine(isTimeZone, message);

/** The fields and rules of the provider's school form (schools.ts), so a school keeps them as they were typed. */
export const ownSchoolDetailsForm = schoolForm
  .pick({ school_name: true, working_phone: true, address1: true, city: true, state: true, postal_code: true, country: true })
  .extend({ time_zone: timeZoneField() });
export type OwnSchoolDetailsForm = z.input<typeof ownSchoolDetailsForm>;

export const ownSchoolDetailsBody = ownSchoolDetailsForm.extend({ adminId: uuid });

export const ownSchoolDetails = z.object({
  adminId: z.string(),
  school_name: z.string(),
  working_phone: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  time_zone: z.string(),
});
export type OwnSchoolDetails = z.infer<typeof ownSchoolDetails>;

export const ownSchoolDetailsParams = z.object({ adminId: uuid });

const tags = ['schools'] as const;

export const SCHOOL_DETAILS_ROUTES = {
  get: defineRoute({ method: 'GET', path: '/school/details/:adminId', params: ownSchoolDetailsParams, response: ownSchoolDetails, meta: { roles: ['admin', 'subadmin'], tags } }),
  update: defineRoute({ method: 'POST', path: '/school/details/update', body: ownSchoolDetailsBody, response: ownSchoolDetails, meta: { roles: ['admin'], tags } }),
};
