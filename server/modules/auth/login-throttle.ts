import type { CounterStore } from '../../services/counters/counter-store.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

const MINUTE = 60_000;

/**
 * Sign-in limits (decision 004): an address may try 30 times a minute; one username may fail
 * 5 times in 15 minutes from one address and 50 times from all addresses together. A flood of
 * wrong passwords from elsewhere therefore locks the real user out for 15 minutes at most, and
 * from their own address not at all until the flood reaches 50.
 */
export const LOGIN_LIMITS = {
  perIp: { max: 30, windowMs: MINUTE },
  perUserAndIp: { max: 5, windowMs: 15 * MINUTE },
  perUser: { max: 50, windowMs: 15 * MINUTE },
} as const;

export const RESET_LIMITS = {
  perIp: { max: 10, windowMs: 15 * MINUTE },
  perUser: { max: 3, windowMs: 60 * MINUTE },
} as const;

/** Is-this-taken lookups are public: an address may ask 60 times a minute, not enumerate. */
export const LOOKUP_LIMITS = { perIp: { max: 60, windowMs: MINUTE } } as const;

const key = (...parts: string[]) => parts.map((p) => p.toLowerCase()).join(':');

export async function checkLoginAllowed(counters: CounterStore, username: string, ip: string) {
  const hits = await counters.increment(key('login-ip', ip), LOGIN_LIMITS.perIp.windowMs);
  if (hits > LOGIN_LIMITS.perIp.max) throw tooManyRequests(AUTH_MESSAGES.tooManyLogins);
  const [pair, user] = await Promise.all([
    counters.get(key('login-fail', username, ip)),
    counters.get(key('login-fail', username)),
  ]);
  if (pair >= LOGIN_LIMITS.perUserAndIp.max || user >= LOGIN_LIMITS.perUser.max) {
    throw tooManyRequests(AUTH_MESSAGES.tooManyLogins);
  }
}

export async function recordLoginFailure(counters: CounterStore, username: string, ip: string) {
  await Promise.all([
    counters.increment(key('login-fail', username, ip), LOGIN_LIMITS.perUserAndIp.windowMs),
    counters.increment(key('login-fail', username), LOGIN_LIMITS.perUser.windowMs),
  ]);
}

export async function recordLoginSuccess(counters: CounterStore, username: string, ip: string) {
  await counters.reset(key('login-fail', username, ip));
}

export async function checkResetAllowed(counters: CounterStore, username: string, ip: string) {
  const [byIp, byUser] = await Promise.all([
    counters.increment(key('reset-ip', ip), RESET_LIMITS.perIp.windowMs),
    counters.increment(key('reset-user', username), RESET_LIMITS.perUser.windowMs),
  ]);
  if (byIp > RESET_LIMITS.perIp.max || byUser > RESET_LIMITS.perUser.max) {
    throw tooManyRequests(AUTH_MESSAGES.tooManyResets);
  }
}

export async function checkLookupAllowed(counters: CounterStore, ip: string) {
  const hits = await counters.increment(key('lookup-ip', ip), LOOKUP_LIMITS.perIp.windowMs);
  if (hits > LOOKUP_LIMITS.perIp.max) throw tooManyRequests('Too many requests. Please wait a minute and try again.');
}
