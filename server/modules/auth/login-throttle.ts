import type { RateLimits } from '../../services/rate-limits/rate-limits.js';
import { consumeOrThrow } from '../../services/rate-limits/rate-limits.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

const MINUTE = 60;

/**
 * Sign-in limits (decisions 004 and 018), the brute-force pattern of rate-limiter-flexible: only
 * failures count. One address may fail 100 times in 15 minutes (a school behind one address signs
 * a whole class in: successes cost nothing); one username may fail 5 times in a row from one
 * address (a success clears it) and 50 times in 15 minutes from all addresses together. An attempt
 * counts until its password proves right (countLoginAttempt), so parallel guesses count too.
 */
export const LOGIN_LIMITS = {
  failuresPerIp: { name: 'login-fail-ip', points: 100, durationSec: 15 * MINUTE },
  failuresPerUserAndIp: { name: 'login-fail-user-ip', points: 5, durationSec: 15 * MINUTE },
  failuresPerUser: { name: 'login-fail-user', points: 50, durationSec: 15 * MINUTE },
} as const;

export const RESET_LIMITS = {
  perIp: { name: 'reset-ip', points: 10, durationSec: 15 * MINUTE },
  perUser: { name: 'reset-user', points: 3, durationSec: 60 * MINUTE },
} as const;

/** Is-this-taken lookups are public: an address may ask 60 times a minute, not enumerate. */
export const LOOKUP_LIMITS = { perIp: { name: 'lookup-ip', points: 60, durationSec: MINUTE } } as const;

/** Verification emails: one person asks at most 10 an hour, and one address gets at most 3. */
export const VERIFY_LIMITS = {
  perRequester: { name: 'verify-requester', points: 10, durationSec: 60 * MINUTE },
  perTarget: { name: 'verify-target', points: 3, durationSec: 60 * MINUTE },
} as const;

// An address never holds '|', so address-then-username keys cannot collide.
const userKey = (username: string) => username.toLowerCase();
const pairKey = (username: string, ip: string) => `${ip}|${userKey(username)}`;

/**
 * Counts a sign-in attempt as a failure before the password is checked, atomically in the store:
 * concurrent guesses cannot all pass a check made before any of them failed. A success gives the
 * point back (recordLoginSuccess), so only failures stay counted. 429 once a limit is used up.
 */
export async function countLoginAttempt(limits: RateLimits, username: string, ip: string) {
  const tooMany = () => tooManyRequests(AUTH_MESSAGES.tooManyLogins);
  const results = await Promise.allSettled([
    consumeOrThrow(limits.limiter(LOGIN_LIMITS.failuresPerIp), ip, tooMany),
    consumeOrThrow(limits.limiter(LOGIN_LIMITS.failuresPerUserAndIp), pairKey(username, ip), tooMany),
    consumeOrThrow(limits.limiter(LOGIN_LIMITS.failuresPerUser), userKey(username), tooMany),
  ]);
  const refused = results.find((r) => r.status === 'rejected');
  if (refused) throw refused.reason;
}

/** The right password: this attempt was no failure, and the username's run of failures here ends. */
export async function recordLoginSuccess(limits: RateLimits, username: string, ip: string) {
  await Promise.all([
    limits.limiter(LOGIN_LIMITS.failuresPerIp).reward(ip),
    limits.limiter(LOGIN_LIMITS.failuresPerUserAndIp).delete(pairKey(username, ip)),
    limits.limiter(LOGIN_LIMITS.failuresPerUser).reward(userKey(username)),
  ]);
}

export async function checkResetAllowed(limits: RateLimits, username: string, ip: string) {
  const tooMany = () => tooManyRequests(AUTH_MESSAGES.tooManyResets);
  await consumeOrThrow(limits.limiter(RESET_LIMITS.perIp), ip, tooMany);
  await consumeOrThrow(limits.limiter(RESET_LIMITS.perUser), userKey(username), tooMany);
}

export async function checkLookupAllowed(limits: RateLimits, ip: string) {
  await consumeOrThrow(limits.limiter(LOOKUP_LIMITS.perIp), ip, () => tooManyRequests('Too many requests. Please wait a minute and try again.'));
}

export async function checkVerifyEmailAllowed(limits: RateLimits, requesterId: string, targetId: string) {
  const tooMany = () => tooManyRequests(AUTH_MESSAGES.tooManyVerifyEmails);
  await consumeOrThrow(limits.limiter(VERIFY_LIMITS.perRequester), requesterId, tooMany);
  await consumeOrThrow(limits.limiter(VERIFY_LIMITS.perTarget), targetId, tooMany);
}

/** Resent invitations: a few an hour for one person, more for one member of staff. */
export const INVITATION_LIMITS = {
  perRequester: { name: 'invite-requester', points: 20, durationSec: 60 * MINUTE },
  perTarget: { name: 'invite-target', points: 3, durationSec: 60 * MINUTE },
} as const;

export async function checkResendInvitationAllowed(limits: RateLimits, requesterId: string, targetId: string) {
  const tooMany = () => tooManyRequests(AUTH_MESSAGES.tooManyInvitations);
  await consumeOrThrow(limits.limiter(INVITATION_LIMITS.perRequester), requesterId, tooMany);
  await consumeOrThrow(limits.limiter(INVITATION_LIMITS.perTarget), targetId, tooMany);
}
