import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, TEST_PASSWORD, type TestSchool } from '../../test/factories.js';
import { createMemoryCounterStore } from '../../services/counters/memory-counter-store.js';
import { recordLoginFailure } from './login-throttle.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

const MINUTE = 60_000;

let t: TestApp;
let school: TestSchool;
/** The limits count on a clock the tests move, so "after 15 minutes" takes no time. */
let now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  t.services.counters = createMemoryCounterStore(() => now);
  school = await createSchool(t.db);
});
afterAll(() => t.close());

const login = (username: string, password: string, ip: string) =>
  t.call('POST', '/api/auth/local/login', { body: { username, password }, ip });
const forgot = (username: string, ip: string) => t.call('POST', '/api/auth/forgetPassword', { body: { username }, ip });

const tooManyLogins = { status: 429, message: AUTH_MESSAGES.tooManyLogins, data: null };
const tooManyResets = { status: 429, message: AUTH_MESSAGES.tooManyResets, data: null };

describe('sign-in limits', () => {
  it('lets one address try 30 times a minute: the 31st attempt is a 429, other addresses go on', async () => {
    const ip = '10.1.0.1';
    const [x, y, z] = [await createUser(t.db, 'teacher', school.adminId), await createUser(t.db, 'student', school.adminId), await createUser(t.db, 'parent', school.adminId)];
    // Attempts 1-29: five failures lock x on this address; the next 24 are refused cheaply
    // (no password check) but still count against the address.
    for (let i = 0; i < 5; i++) expect((await login(x.username, 'Wrong@12345', ip)).status).toBe(400);
    const locked = await Promise.all(Array.from({ length: 24 }, () => login(x.username, 'Wrong@12345', ip)));
    expect(locked.every((r) => r.status === 429)).toBe(true);
    // Attempt 30 is still allowed for someone else; attempt 31 is not, whoever it is.
    expect((await login(y.username, TEST_PASSWORD, ip)).status).toBe(200);
    const thirtyFirst = await login(z.username, TEST_PASSWORD, ip);
    expect(thirtyFirst.status).toBe(429);
    expect(thirtyFirst.body).toEqual(tooManyLogins);
    expect((await login(z.username, TEST_PASSWORD, '10.1.0.2')).status).toBe(200);
    now += MINUTE + 1;
    expect((await login(z.username, TEST_PASSWORD, ip)).status).toBe(200);
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
    now += 15 * MINUTE + 1;
    expect((await login(user.username, TEST_PASSWORD, attacker)).status).toBe(200);
  });

  it('counts the username whatever its case', async () => {
    const user = await createUser(t.db, 'parent', school.adminId);
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i++) await login(i % 2 ? user.username.toUpperCase() : user.username, 'Wrong@12345', ip);
    expect((await login(user.username.toUpperCase(), TEST_PASSWORD, ip)).status).toBe(429);
  });

  it('forgets the failures of an address once the right password arrives from it', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const ip = '10.4.0.1';
    for (let i = 0; i < 4; i++) await login(user.username, 'Wrong@12345', ip);
    expect((await login(user.username, TEST_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(user.username, 'Wrong@12345', ip);
    expect((await login(user.username, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('locks a username after 50 failures from all addresses, for 15 minutes only', async () => {
    const user = await createUser(t.db, 'admin', null);
    // 45 failures from nine addresses, recorded as the sign-in call records them (no argon2 cost)...
    for (let i = 0; i < 45; i++) await recordLoginFailure(t.services.counters, user.username, `10.5.${Math.floor(i / 5)}.1`);
    expect((await login(user.username, TEST_PASSWORD, '10.5.98.1')).status).toBe(200);
    // ...and the last five over HTTP from a tenth.
    for (let i = 0; i < 5; i++) expect((await login(user.username, 'Wrong@12345', '10.5.9.1')).status).toBe(400);
    const locked = await login(user.username, TEST_PASSWORD, '10.5.99.1');
    expect(locked.body).toEqual(tooManyLogins);
    now += 15 * MINUTE + 1;
    expect((await login(user.username, TEST_PASSWORD, '10.5.99.1')).status).toBe(200);
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
    now += 60 * MINUTE + 1;
    expect((await forgot(user.username, '10.6.0.6')).status).toBe(200);
  });

  it('lets one address ask 10 times in 15 minutes', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < 10; i++) expect((await forgot(`nobody-${i}`, ip)).status).toBe(200);
    expect((await forgot('nobody-else', ip)).body).toEqual(tooManyResets);
    expect((await forgot('nobody-else', '10.7.0.2')).status).toBe(200);
  });
});
