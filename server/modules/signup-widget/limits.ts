import type { CounterStore } from '../../services/counters/counter-store.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { SIGNUP_MESSAGES } from '../../../shared/contracts/signupWidget.js';

const MINUTE = 60_000;

/**
 * The widget is open to anyone: an address may send 10 signups an hour (a family signing up
 * several children fits; a script filling a school's list does not), and load the page's school
 * 60 times a minute.
 */
export const SIGNUP_LIMITS = {
  submitPerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Many addresses together cannot bury one school (each signup also emails its owner). */
  submitPerSchool: { max: 100, windowMs: 24 * 60 * MINUTE },
  schoolPerIp: { max: 60, windowMs: MINUTE },
} as const;

export async function checkSignupAllowed(counters: CounterStore, ip: string, adminId: string) {
  const hits = await counters.increment(`signup-ip:${ip}`, SIGNUP_LIMITS.submitPerIp.windowMs);
  if (hits > SIGNUP_LIMITS.submitPerIp.max) throw tooManyRequests(SIGNUP_MESSAGES.tooMany);
  const forSchool = await counters.increment(`signup-school:${adminId}`, SIGNUP_LIMITS.submitPerSchool.windowMs);
  if (forSchool > SIGNUP_LIMITS.submitPerSchool.max) throw tooManyRequests(SIGNUP_MESSAGES.tooMany);
}

export async function checkSchoolLookupAllowed(counters: CounterStore, ip: string) {
  const hits = await counters.increment(`signup-school-ip:${ip}`, SIGNUP_LIMITS.schoolPerIp.windowMs);
  if (hits > SIGNUP_LIMITS.schoolPerIp.max) throw tooManyRequests('Too many requests. Please wait a minute and try again.');
}
