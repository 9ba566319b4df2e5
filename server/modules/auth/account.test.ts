import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, TEST_PASSWORD, type TestSchool, type TestUser } from '../../test/factories.js';
import { users, userTokens } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
});
afterAll(() => t.close());

const setStatus = (userId: string, status: boolean) =>
  t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ status }).where(eq(users.id, userId)));

describe('a deactivated account', () => {
  it('cannot sign in, even with the right password (403 on the password field)', async () => {
    const user = await createUser(t.db, 'student', a.adminId, { status: false });
    const res = await t.call('POST', '/api/auth/local/login', { body: { username: user.username, password: TEST_PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, message: AUTH_MESSAGES.inactive, data: null, errors: { password: AUTH_MESSAGES.inactive } });
  });

  it('answers a wrong password like any other account (status is not revealed)', async () => {
    const user = await createUser(t.db, 'student', a.adminId, { status: false });
    const res = await t.call('POST', '/api/auth/local/login', { body: { username: user.username, password: 'Wrong@12345' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: AUTH_MESSAGES.wrongPassword });
  });

  it('stops its existing sessions working, and comes back when reactivated', async () => {
    const user = await createUser(t.db, 'teacher', a.adminId);
    const token = await sessionToken(t, user.id);
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(200);
    await setStatus(user.id, false);
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/dashboard/getDashboard', { token })).status).toBe(401);
    await setStatus(user.id, true);
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('ends a login-as session when the person acting is deactivated', async () => {
    const admin = await createUser(t.db, 'subadmin', a.adminId);
    const token = await sessionToken(t, a.student.id, { actorUserId: admin.id });
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(200);
    await setStatus(admin.id, false);
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(401);
  });
});

describe('POST /api/auth/checkvalidation', () => {
  const check = (type: string, value: string, token?: string) => t.call('POST', '/api/auth/checkvalidation', { body: { type, value }, token });

  it('says a taken username is taken, whatever its case', async () => {
    for (const value of [a.teacher.username, a.teacher.username.toUpperCase()]) {
      const res = await check('username', value);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 200, message: 'Username already exists', data: { available: false } });
    }
  });

  it('says a free username is free', async () => {
    const res = await check('username', 'fresh-name-nobody-has');
    expect(res.body).toEqual({ status: 200, message: 'Username is available', data: { available: true } });
  });

  it('checks usernames across all schools, also for a signed-in admin', async () => {
    const res = await check('username', b.student.username, await sessionToken(t, a.admin.id));
    expect(res.body.data).toEqual({ available: false });
  });

  it('checks an email within the signed-in user’s school only', async () => {
    const token = await sessionToken(t, a.admin.id);
    const mine = await check('email', a.teacher.email.toUpperCase(), token);
    expect(mine.body).toEqual({ status: 200, message: 'Email already exists', data: { available: false } });
    // Another school's person may use the same address in this school.
    const theirs = await check('email', b.teacher.email, token);
    expect(theirs.body).toEqual({ status: 200, message: 'Email is available', data: { available: true } });
  });

  it('never says whether an email has an account when signed out: taken or free, the same 401', async () => {
    const taken = await check('email', b.teacher.email);
    const free = await check('email', 'nobody@nowhere.test');
    expect(taken.status).toBe(401);
    expect(taken.body).toEqual({ status: 401, message: AUTH_MESSAGES.emailCheckSignedOut, data: null });
    expect(free.body).toEqual(taken.body);
  });

  it('answers email checks only to the people who create accounts (403 for a student or a parent)', async () => {
    for (const who of [a.student, a.parent]) {
      const res = await check('email', a.teacher.email, await sessionToken(t, who.id));
      expect(res.status).toBe(403);
      expect(res.body.data).toBeNull();
    }
    expect((await check('email', a.student.email, await sessionToken(t, a.teacher.id))).body.data).toEqual({ available: false });
  });

  it('refuses a username over 100 characters (400)', async () => {
    const res = await check('username', 'u'.repeat(101));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ value: AUTH_MESSAGES.usernameMax });
  });

  it('lets one address ask 60 times a minute, then answers 429', async () => {
    const ask = () => t.call('POST', '/api/auth/checkvalidation', { body: { type: 'username', value: 'someone' }, ip: '10.9.9.9' });
    for (let i = 0; i < 60; i++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/wait a minute/);
  });

  it('validates its input', async () => {
    const badType = await check('phone', 'x');
    expect(badType.status).toBe(400);
    expect(badType.body.errors).toEqual({ type: 'type must be username or email' });
    const empty = await check('username', '   ');
    expect(empty.body.errors).toEqual({ value: 'Value is Required' });
  });
});

describe('account verification', () => {
  const VERIFY_LINK = /http:\/\/cadenza\.test\/api\/auth\/verifyAccount\/([\w-]{43})/;

  /** Asks for the verification email and answers the token of its link. */
  async function requestVerification(token: string, userId?: string): Promise<{ to: string; token: string }> {
    const before = t.sentEmails.length;
    const res = await t.call('POST', '/api/auth/reSendVerifyAccount', { token, body: userId ? { userId } : {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: AUTH_MESSAGES.verifySent, data: null });
    await t.services.jobs.idle();
    const mail = t.sentEmails.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Verify your Cadenza email address');
    return { to: mail[0]!.to, token: mail[0]!.text.match(VERIFY_LINK)![1]! };
  }

  const follow = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/verifyAccount/${token}` });

  let user: TestUser;
  let session: string;
  beforeAll(async () => {
    user = await createUser(t.db, 'teacher', a.adminId, { emailVerifiedAt: null });
    session = await sessionToken(t, user.id);
  });

  it('sends a link that verifies the account once and lands on /login?verified=1', async () => {
    expect((await t.call('GET', '/api/auth/me', { token: session })).body.data.user.emailVerified).toBe(false);
    const mail = await requestVerification(session);
    expect(mail.to).toBe(user.email);
    const first = await follow(mail.token);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/login?verified=1');
    expect((await t.call('GET', '/api/auth/me', { token: session })).body.data.user.emailVerified).toBe(true);
    const second = await follow(mail.token);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/login?verified=0');
  });

  it('answers 400 "already verified" once verified', async () => {
    const res = await t.call('POST', '/api/auth/reSendVerifyAccount', { token: session, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.alreadyVerified);
  });

  it('lets school staff send it to a person of their school', async () => {
    const parent = await createUser(t.db, 'parent', a.adminId, { emailVerifiedAt: null });
    const mail = await requestVerification(await sessionToken(t, a.subadmin.id), parent.id);
    expect(mail.to).toBe(parent.email);
    expect((await follow(mail.token)).headers.location).toBe('/login?verified=1');
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, parent.id)));
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('refuses an expired link, a made-up one and a password-reset one', async () => {
    const student = await createUser(t.db, 'student', a.adminId, { emailVerifiedAt: null });
    const mail = await requestVerification(await sessionToken(t, student.id));
    await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.tokenHash, hashToken(mail.token))));
    expect((await follow(mail.token)).headers.location).toBe('/login?verified=0');
    expect((await follow('x'.repeat(43))).headers.location).toBe('/login?verified=0');

    await t.call('POST', '/api/auth/forgetPassword', { body: { username: student.username } });
    await t.services.jobs.idle();
    const resetToken = t.sentEmails.at(-1)!.text.match(/resetpassword\/([\w-]{43})/)![1]!;
    expect((await follow(resetToken)).headers.location).toBe('/login?verified=0');
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, student.id)));
    expect(row!.at).toBeNull();
  });
});
