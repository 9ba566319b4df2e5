import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, TEST_PASSWORD, type TestSchool } from '../../test/factories.js';
import { countLoginAttempt, LOGIN_LIMITS, recordLoginSuccess, VERIFY_LIMITS } from './login-throttle.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

const MINUTE = 60_000;

let t: TestApp;
let school: TestSchool;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
});
afterAll(() => t.close());
// The limiters read Date: the tests move it, so "after 15 minutes" takes no time.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }));
afterEach(() => vi.useRealTimers());
const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);

const login = (username: string, password: string, ip: string) =>
  t.call('POST', '/api/auth/local/login', { body: { username, password }, ip });
const forgot = (username: string, ip: string) => t.call('POST', '/api/auth/forgetPassword', { body: { username }, ip });

/** What a sign-in with a wrong password leaves in the limits, without its argon2 cost. */
const failedAttempt = (username: string, ip: string) => countLoginAttempt(t.services.rateLimits, username, ip);

const tooManyLogins = { status: 429, message: AUTH_MESSAGES.tooManyLogins, data: null };
const tooManyResets = { status: 429, message: AUTH_MESSAGES.tooManyResets, data: null };

describe('sign-in limits', () => {
  it('lets a class of 40 sign in from the school’s one address within a minute', async () => {
    const ip = '10.10.0.1';
    const students = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db, 'student', school.adminId)));
    // A few mistakes on the way do not lock the others out.
    for (const s of students.slice(0, 5)) expect((await login(s.username, 'Wrong@12345', ip)).status).toBe(400);
    for (const s of students) expect((await login(s.username, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('limits the failures of one address (429), whoever they name, for 15 minutes; other addresses go on', async () => {
    const ip = '10.1.0.1';
    const per = LOGIN_LIMITS.failuresPerIp.points;
    // Counted as the sign-in call counts a failed attempt (no argon2 cost), then the last one over HTTP.
    for (let i = 0; i < per - 1; i++) await failedAttempt(`nobody-${i}`, ip);
    expect((await login('nobody-last', 'Wrong@12345', ip)).status).toBe(400);
    const refused = await login(school.teacher.username, TEST_PASSWORD, ip);
    expect(refused.body).toEqual(tooManyLogins);
    expect((await login(school.teacher.username, TEST_PASSWORD, '10.1.0.2')).status).toBe(200);
    pass(15 * MINUTE + 1);
    expect((await login(school.teacher.username, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('stops a username on one address after 5 failures, while the same user signs in from another address', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    const attacker = '10.2.0.1';
    for (let i = 0; i < 5; i++) expect((await login(user.username, `Wrong@${i}xyz`, attacker)).status).toBe(400);
    // Even the right password is refused on that address now...
    const sixth = await login(user.username, TEST_PASSWORD, attacker);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(tooManyLogins);
    // ...but the flood does not lock the real user out: their own address still works,
    expect((await login(user.username, TEST_PASSWORD, '10.2.0.2')).status).toBe(200);
    // the address is not blocked for other people,
    const other = await createUser(t.db, 'student', school.adminId);
    expect((await login(other.username, TEST_PASSWORD, attacker)).status).toBe(200);
    // and the lock ends after 15 minutes.
    pass(15 * MINUTE + 1);
    expect((await login(user.username, TEST_PASSWORD, attacker)).status).toBe(200);
  });

  it('counts parallel guesses too: of 20 at once for one username, at most 5 reach the password check', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.username, `Wrong@${i}xyz`, '10.12.0.1')));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it('gives a success its point back: 150 sign-ins from one address in 15 minutes all get in', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    for (let i = 0; i < LOGIN_LIMITS.failuresPerIp.points + 50; i++) {
      await countLoginAttempt(t.services.rateLimits, user.username, '10.13.0.1');
      await recordLoginSuccess(t.services.rateLimits, user.username, '10.13.0.1');
    }
    expect((await login(user.username, TEST_PASSWORD, '10.13.0.1')).status).toBe(200);
  });

  it('counts the username whatever its case', async () => {
    const user = await createUser(t.db, 'parent', school.adminId);
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i++) await login(i % 2 ? user.username.toUpperCase() : user.username, 'Wrong@12345', ip);
    expect((await login(user.username.toUpperCase(), TEST_PASSWORD, ip)).status).toBe(429);
  });

  it('forgets the failures of a username on an address once the right password arrives from it', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const ip = '10.4.0.1';
    for (let i = 0; i < 4; i++) await login(user.username, 'Wrong@12345', ip);
    expect((await login(user.username, TEST_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(user.username, 'Wrong@12345', ip);
    expect((await login(user.username, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('locks a username after 50 failures from all addresses, for 15 minutes only', async () => {
    const user = await createUser(t.db, 'admin', null);
    for (let i = 0; i < 45; i++) await failedAttempt(user.username, `10.5.${Math.floor(i / 5)}.1`);
    expect((await login(user.username, TEST_PASSWORD, '10.5.98.1')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(user.username, 'Wrong@12345', '10.5.9.1')).status).toBe(400);
    const locked = await login(user.username, TEST_PASSWORD, '10.5.99.1');
    expect(locked.body).toEqual(tooManyLogins);
    pass(15 * MINUTE + 1);
    expect((await login(user.username, TEST_PASSWORD, '10.5.99.1')).status).toBe(200);
  });

  it('refuses a username over 100 characters as bad input (400), before any limit or lookup counts it', async () => {
    const ip = '10.11.0.1';
    const long = 'u'.repeat(101);
    for (let i = 0; i < 10; i++) {
      const res = await login(long, 'Wrong@12345', ip);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ username: AUTH_MESSAGES.usernameMax });
    }
    expect((await forgot('u'.repeat(100_000), ip)).status).toBe(400);
    // None of it counted: this username and address have no failures.
    const pair = await t.services.rateLimits.limiter(LOGIN_LIMITS.failuresPerIp).get(ip);
    expect(pair).toBeNull();
  });
});

describe('forgot-password limits', () => {
  it('sends a username at most 3 links an hour, whichever address asks', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    for (let i = 1; i <= 3; i++) expect((await forgot(user.username, `10.6.0.${i}`)).status).toBe(200);
    const fourth = await forgot(user.username, '10.6.0.4');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual(tooManyResets);
    await t.services.jobs.idle();
    expect(t.sentEmails.filter((m) => m.to === user.email)).toHaveLength(3);
    // Another person is not affected, and the hour passes.
    expect((await forgot(school.teacher.username, '10.6.0.5')).status).toBe(200);
    pass(60 * MINUTE + 1);
    expect((await forgot(user.username, '10.6.0.6')).status).toBe(200);
  });

  it('lets one address ask 10 times in 15 minutes', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < 10; i++) expect((await forgot(`nobody-${i}`, ip)).status).toBe(200);
    expect((await forgot('nobody-else', ip)).body).toEqual(tooManyResets);
    expect((await forgot('nobody-else', '10.7.0.2')).status).toBe(200);
  });
});

describe('verification email limits', () => {
  const resend = (token: string, userId?: string) => t.call('POST', '/api/auth/reSendVerifyAccount', { token, body: userId ? { userId } : {} });

  it('sends one person at most 3 verification emails an hour, whoever asks', async () => {
    const user = await createUser(t.db, 'student', school.adminId, { emailVerifiedAt: null });
    // PGlite's clock is the moved Date too: these sessions outlast the hour.
    const day = { expiresAt: new Date(Date.now() + 24 * 60 * MINUTE) };
    const own = await sessionToken(t, user.id, day);
    const admin = await sessionToken(t, school.admin.id, day);
    for (const token of [own, admin, own]) expect((await resend(token, user.id)).status).toBe(200);
    const fourth = await resend(admin, user.id);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(AUTH_MESSAGES.tooManyVerifyEmails);
    await t.services.jobs.idle();
    expect(t.sentEmails.filter((m) => m.to === user.email)).toHaveLength(3);
    pass(60 * MINUTE + 1);
    expect((await resend(own)).status).toBe(200);
  });

  it(`lets one person ask ${VERIFY_LIMITS.perRequester.points} times an hour in all`, async () => {
    const subadmin = await createUser(t.db, 'subadmin', school.adminId);
    const token = await sessionToken(t, subadmin.id);
    const people = await Promise.all(Array.from({ length: VERIFY_LIMITS.perRequester.points + 1 }, () =>
      createUser(t.db, 'teacher', school.adminId, { emailVerifiedAt: null })));
    const answers = [];
    for (const p of people) answers.push((await resend(token, p.id)).status);
    expect(answers).toEqual([...Array(VERIFY_LIMITS.perRequester.points).fill(200), 429]);
  });
});
