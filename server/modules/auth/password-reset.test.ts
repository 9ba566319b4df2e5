import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, sessionToken, signIn, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, TEST_PASSWORD, type TestSchool, type TestUser } from '../../test/factories.js';
import { emailMessages, userTokens } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';
import { nextIp } from '../../test/next-ip.js';

const NEW_PASSWORD = 'Fresh@2024pw';
const LINK = /http:\/\/cadenza\.test\/resetpassword\/([\w-]{43})/;

let t: TestApp;
let school: TestSchool;
// Each forgot-password request comes from its own address (nextIp), so the per-IP limit never interferes.

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
});
afterAll(() => t.close());

/** Asks for a reset link and answers the token out of the email that arrived. */
async function requestLink(user: TestUser): Promise<string> {
  const before = t.sentEmails.length;
  const res = await t.call('POST', '/api/auth/forgetPassword', { body: { username: user.username }, ip: nextIp() });
  expect(res.status).toBe(200);
  await t.services.jobs.idle();
  expect(t.sentEmails).toHaveLength(before + 1);
  return t.sentEmails.at(-1)!.text.match(LINK)![1]!;
}

const reset = (id: string, newPassword = NEW_PASSWORD, confirm_password = newPassword) =>
  t.call('POST', '/api/auth/resetPassword', { body: { id, newPassword, confirm_password }, ip: nextIp() });

describe('POST /api/auth/forgetPassword', () => {
  it('sends exactly one email with a single reset link to the user', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const before = t.sentEmails.length;
    const res = await t.call('POST', '/api/auth/forgetPassword', { body: { username: user.username }, ip: nextIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: AUTH_MESSAGES.forgotSent, data: null });
    await t.services.jobs.idle();
    const mail = t.sentEmails.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(user.email);
    expect(mail[0]!.subject).toBe('Reset your Cadenza password');
    const links = mail[0]!.text.match(new RegExp(LINK.source, 'g'));
    expect(links).toHaveLength(1);
    expect(mail[0]!.html).toContain(links![0]);
    // The outbox row is the communication log's record of it.
    const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.userId, user.id)));
    expect(rows).toMatchObject([{ kind: 'password-reset', status: 'sent', toAddress: user.email, adminId: school.adminId }]);
  });

  it('finds the user whatever the case of the username', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    const before = t.sentEmails.length;
    await t.call('POST', '/api/auth/forgetPassword', { body: { username: user.username.toUpperCase() }, ip: nextIp() });
    await t.services.jobs.idle();
    expect(t.sentEmails.slice(before).map((m) => m.to)).toEqual([user.email]);
  });

  it('answers an unknown user with the same status and message, and sends nothing', async () => {
    const known = await t.call('POST', '/api/auth/forgetPassword', { body: { username: school.parent.username }, ip: nextIp() });
    await t.services.jobs.idle();
    const before = t.sentEmails.length;
    const unknown = await t.call('POST', '/api/auth/forgetPassword', { body: { username: 'nobody-by-this-name' }, ip: nextIp() });
    await t.services.jobs.idle();
    expect(unknown).toEqual(known);
    expect(t.sentEmails).toHaveLength(before);
  });

  it('takes an email address instead of a username: each account of that address gets its own link, naming its username', async () => {
    const address = `Shared.${Date.now()}@Example.test`;
    const first = await createUser(t.db, 'parent', school.adminId, { email: address.toLowerCase() });
    const other = await createSchool(t.db);
    const second = await createUser(t.db, 'parent', other.adminId, { email: address.toLowerCase() });
    const before = t.sentEmails.length;
    const res = await t.call('POST', '/api/auth/forgetPassword', { body: { username: address }, ip: nextIp() });
    expect(res.body).toEqual({ status: 200, message: AUTH_MESSAGES.forgotSent, data: null });
    await t.services.jobs.idle();
    const mail = t.sentEmails.slice(before);
    expect(mail.map((m) => m.to)).toEqual([address.toLowerCase(), address.toLowerCase()]);
    expect(mail.map((m) => /account (\S+)\./.exec(m.text)![1]).sort()).toEqual([first.username, second.username].sort());
    const links = new Set(mail.map((m) => new RegExp(LINK.source).exec(m.text)![0]));
    expect(links.size).toBe(2);
  });

  it('answers an unknown address exactly as a known one, and only a match gets an email', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    await t.services.jobs.idle();
    const before = t.sentEmails.length;
    const known = await t.call('POST', '/api/auth/forgetPassword', { body: { username: user.email }, ip: nextIp() });
    await t.services.jobs.idle();
    expect(t.sentEmails.slice(before).map((m) => m.to)).toEqual([user.email]);
    const unknownAddress = await t.call('POST', '/api/auth/forgetPassword', { body: { username: 'nobody.at.all@example.test' }, ip: nextIp() });
    const unknownName = await t.call('POST', '/api/auth/forgetPassword', { body: { username: 'nobody-at-all' }, ip: nextIp() });
    await t.services.jobs.idle();
    expect(unknownAddress).toEqual(known);
    expect(unknownName).toEqual(known);
    expect(t.sentEmails).toHaveLength(before + 1);
  });

  it('sends nothing to a deactivated user, and answers the same', async () => {
    const user = await createUser(t.db, 'student', school.adminId, { status: false });
    const before = t.sentEmails.length;
    const res = await t.call('POST', '/api/auth/forgetPassword', { body: { username: user.username }, ip: nextIp() });
    await t.services.jobs.idle();
    expect(res.body.message).toBe(AUTH_MESSAGES.forgotSent);
    expect(t.sentEmails).toHaveLength(before);
  });

  it('gives the link one hour', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    const token = await requestLink(user);
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(userTokens).where(eq(userTokens.tokenHash, hashToken(token))));
    expect(row!.purpose).toBe('reset');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });

  it('validates the username like the sign-in form', async () => {
    const res = await t.call('POST', '/api/auth/forgetPassword', { body: { username: '' }, ip: nextIp() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ username: AUTH_MESSAGES.usernameOrEmailRequired });
  });
});

describe('POST /api/auth/resetPassword', () => {
  it('sets the new password: sign-in works with it and not with the old one', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const token = await requestLink(user);
    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: AUTH_MESSAGES.resetSuccess, data: null });
    await expect(signIn(t, user.username, NEW_PASSWORD)).resolves.toMatch(/^[\w-]{43}$/);
    const old = await t.call('POST', '/api/auth/local/login', { body: { username: user.username, password: TEST_PASSWORD } });
    expect(old.status).toBe(400);
    expect(old.body.errors).toEqual({ password: AUTH_MESSAGES.wrongPassword });
  });

  it('ends every session of that user, login-as ones included, and no one else’s', async () => {
    const user = await createUser(t.db, 'admin', null);
    const mine = [await sessionToken(t, user.id), await sessionToken(t, user.id)];
    const actingAsSomeone = await sessionToken(t, school.student.id, { actorUserId: user.id });
    const someoneElse = await sessionToken(t, school.student.id);
    for (const token of [...mine, actingAsSomeone]) expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await reset(await requestLink(user))).status).toBe(200);
    for (const token of [...mine, actingAsSomeone]) expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { token: someoneElse })).status).toBe(200);
  });

  it('works once: the same link a second time is refused and changes nothing', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    const token = await requestLink(user);
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'Another@2024pw');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.resetInvalid);
    await expect(signIn(t, user.username, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('keeps only the newest link alive: asking again kills the links sent before', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const first = await requestLink(user);
    const second = await requestLink(user);
    const old = await reset(first);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(AUTH_MESSAGES.resetInvalid);
    expect((await reset(second)).status).toBe(200);
  });

  it('kills every other link once one is used', async () => {
    const user = await createUser(t.db, 'parent', school.adminId);
    const mailed = await requestLink(user);
    // A second live link, as another path (an invitation sent by hand) could leave one.
    const other = 'o'.repeat(43);
    await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.insert(userTokens).values({ userId: user.id, purpose: 'reset', tokenHash: hashToken(other), expiresAt: new Date(Date.now() + 3_600_000) }));
    expect((await reset(mailed)).status).toBe(200);
    const late = await reset(other, 'Another@2024pw');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(AUTH_MESSAGES.resetInvalid);
    await expect(signIn(t, user.username, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('expires after one hour', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    const token = await requestLink(user);
    // The hour has passed.
    await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.update(userTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(userTokens.tokenHash, hashToken(token))));
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.resetInvalid);
    await expect(signIn(t, user.username, TEST_PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses a made-up link and a verification link', async () => {
    expect((await reset('x'.repeat(43))).body.message).toBe(AUTH_MESSAGES.resetInvalid);
    const user = await createUser(t.db, 'parent', school.adminId, { emailVerifiedAt: null });
    const before = t.sentEmails.length;
    await t.call('POST', '/api/auth/reSendVerifyAccount', { token: await sessionToken(t, user.id), body: {} });
    await t.services.jobs.idle();
    const verifyToken = t.sentEmails.slice(before)[0]!.text.match(/verifyAccount\/([\w-]{43})/)![1]!;
    const res = await reset(verifyToken);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.resetInvalid);
  });

  it('answers every rule of the reset form with its documented message, and a refused form leaves the link usable', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    const token = await requestLink(user);
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['too short', { newPassword: 'Ab1!x', confirm_password: 'Ab1!x' }, { newPassword: 'Password should be at-least 8 characters.' }],
      ['too long', { newPassword: `Ab1!${'x'.repeat(47)}`, confirm_password: `Ab1!${'x'.repeat(47)}` }, { newPassword: 'Password should allow only 50 characters.' }],
      ['no upper case', { newPassword: 'fresh@2024pw', confirm_password: 'fresh@2024pw' }, { newPassword: 'Your password isn’t strong enough. Please include uppercase and numbers.' }],
      ['no number', { newPassword: 'Fresh@pwpwpw', confirm_password: 'Fresh@pwpwpw' }, { newPassword: 'Your password isn’t strong enough. Please include uppercase and numbers.' }],
      ['no symbol', { newPassword: 'Fresh2024pw', confirm_password: 'Fresh2024pw' }, { newPassword: 'Your password isn’t strong enough. Please include uppercase and numbers.' }],
      ['a space', { newPassword: 'Fresh@ 2024pw', confirm_password: 'Fresh@ 2024pw' }, { newPassword: 'Your password isn’t strong enough. Please include uppercase and numbers.' }],
      ['different confirmation', { newPassword: NEW_PASSWORD, confirm_password: `${NEW_PASSWORD}x` }, { confirm_password: 'Passwords should match!' }],
      ['empty confirmation', { newPassword: NEW_PASSWORD, confirm_password: '' }, { confirm_password: 'Confirm password is Required' }],
      ['missing confirmation', { newPassword: NEW_PASSWORD }, { confirm_password: 'Confirm password is Required' }],
      ['missing password', { confirm_password: NEW_PASSWORD }, { newPassword: AUTH_MESSAGES.passwordRequired }],
    ];
    for (const [label, body, errors] of cases) {
      const res = await t.call('POST', '/api/auth/resetPassword', { body: { id: token, ...body }, ip: nextIp() });
      expect(res.status, label).toBe(400);
      expect(res.body.errors, label).toEqual(errors);
      expect(res.body.message, label).toBe(Object.values(errors)[0]);
    }
    // Exactly 50 characters is allowed, and the link still works after all those refusals.
    const fifty = `Ab1!${'x'.repeat(46)}`;
    expect((await reset(token, fifty)).status).toBe(200);
    await expect(signIn(t, user.username, fifty)).resolves.toBeTruthy();
  });
});
