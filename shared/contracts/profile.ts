import { z } from 'zod';
import { ADDRESS_MAX } from '../constants.js';
import { changePasswordBody } from './auth.js';
import { requiredString } from './common.js';
import { defineRoute, noData } from './route.js';
import { optionalPhoneField, PHONE_INVALID } from './phone.js';

export const PROFILE_MESSAGES = {
  addressRequired: 'Address is Required',
  addressMax: 'Address should allow only 100 characters.',
  cityRequired: 'City is Required',
  cityMax: 'City should allow only 100 characters.',
  stateRequired: 'State is Required',
  stateMax: 'State should allow only 100 characters.',
  alphabetOnly: 'Should allow only alphabet characters',
  postalRequired: 'Postal Code is Required',
  numericOnly: 'Should allow only Numeric Value',
  phoneInvalid: PHONE_INVALID,
  updated: 'Profile Updated Successfully',
} as const;

const lettersAndSpaces = /^[A-Za-z\s]+$/;
/** 1 to 8 characters of digits, spaces and the symbols postal codes use (docs/domains/accounts.md "Rules"). */
const postalCode = /^[0-9\s\-+()]{1,8}$/;

export const profileBody = z.object({
  cellPhone: optionalPhoneField().optional().default(''),
  address1: requiredString(PROFILE_MESSAGES.addressRequired).max(ADDRESS_MAX, PROFILE_MESSAGES.addressMax),
  city: requiredString(PROFILE_MESSAGES.cityRequired)
    .max(ADDRESS_MAX, PROFILE_MESSAGES.cityMax)
    .regex(lettersAndSpaces, PROFILE_MESSAGES.alphabetOnly),
  state: requiredString(PROFILE_MESSAGES.stateRequired)
    .max(ADDRESS_MAX, PROFILE_MESSAGES.stateMax)
    .regex(lettersAndSpaces, PROFILE_MESSAGES.alphabetOnly),
  postal_code: requiredString(PROFILE_MESSAGES.postalRequired).max(8, PROFILE_MESSAGES.numericOnly).regex(postalCode, PROFILE_MESSAGES.numericOnly),
});
export type ProfileBody = z.input<typeof profileBody>;

export const profile = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  cellPhone: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
});
export type Profile = z.infer<typeof profile>;

/** Any signed-in person, their own profile (in login-as, the acted-as person's); a lapsed school still reaches it. */
const meta = { roles: 'signedIn', tags: ['profile'], lapsedSchool: 'open' } as const;

export const PROFILE_ROUTES = {
  get: defineRoute({ method: 'GET', path: '/profile/getProfile', response: profile, meta }),
  update: defineRoute({ method: 'POST', path: '/profile/updateProfile', body: profileBody, response: profile, meta }),
  changePassword: defineRoute({ method: 'POST', path: '/profile/changePassword', body: changePasswordBody, response: noData, meta }),
};
