import type { RateLimits } from '../../services/rate-limits/rate-limits.js';
import { consumeOrThrow } from '../../services/rate-limits/rate-limits.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { SIGNUP_MESSAGES } from '../../../shared/contracts/signup-widget.js';

const MINUTE = 60;

/**
 * The widget is open to anyone: an address may send 10 signups an hour (a family signing up
 * several children fits; a script filling a school's list does not), and load the page's school
 * 60 times a minute.
 */
export const SIGNUP_LIMITS = {
  submitPerIp: { name: 'signup-ip', points: 10, durationSec: 60 * MINUTE },
  /** Many addresses together cannot bury one school (each signup also emails its owner). */
  submitPerSchool: { name: 'signup-school', points: 100, durationSec: 24 * 60 * MINUTE },
  schoolPerIp: { name: 'signup-school-ip', points: 60, durationSec: MINUTE },
} as const;

export async function checkSignupAllowed(limits: RateLimits, ip: string, adminId: string) {
  const tooMany = () => tooManyRequests(SIGNUP_MESSAGES.tooMany);
  await consumeOrThrow(limits.limiter(SIGNUP_LIMITS.submitPerIp), ip, tooMany);
  await consumeOrThrow(limits.limiter(SIGNUP_LIMITS.submitPerSchool), adminId, tooMany);
}

export async function checkSchoolLookupAllowed(limits: RateLimits, ip: string) {
  await consumeOrThrow(limits.limiter(SIGNUP_LIMITS.schoolPerIp), ip, () => tooManyRequests('Too many requests. Please wait a minute and try again.'));
}
