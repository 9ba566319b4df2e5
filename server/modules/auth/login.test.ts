import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { createSchool, TEST_PASSWORD, type TestSchool } from '../../test/factories.js';
import { sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { REMEMBER_ME_DAYS, SESSION_HOURS } from '../../../shared/constants.js';

let t: TestApp;
let school: TestSchool;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
});
afterAll(() => t.close());

describe('POST /api/auth/local/login', () => {
  it('signs in and answers the token and the session user', async () => {
    const res = await t.call('POST', '/api/auth/local/login', { body: { username: school.admin.username, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login Successfully');
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.data.user).toMatchObject({ role: 'admin', username: school.admin.username, adminId: school.adminId });
  });

  it('puts "User Not Found" on the username field', async () => {
    const res = await t.call('POST', '/api/auth/local/login', { body: { username: 'nobody-here', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ username: 'User Not Found' });
  });

  it('puts a wrong password on the password field', async () => {
    const res = await t.call('POST', '/api/auth/local/login', { body: { username: school.teacher.username, password: 'Wrong@12345' }, ip: '10.0.0.9' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors!)).toEqual(['password']);
  });

  it('answers every validation message of docs/domains/accounts.md', async () => {
    const empty = await t.call('POST', '/api/auth/local/login', { body: {} });
    expect(empty.body.errors).toEqual({ username: 'Username is Required', password: 'Password is Required' });
    const space = await t.call('POST', '/api/auth/local/login', { body: { username: ' admin', password: 'x' } });
    expect(space.body.errors).toEqual({ username: 'as first character whiteSpace not allowed' });
  });

  it('makes the token work and logout end it', async () => {
    const token = await signIn(t, school.student.username);
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/logout', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('takes the token from the Authorization header only: a cookie holding it signs nobody in, and no answer sets one', async () => {
    // The web app keeps the token in a cookie of its own and sends it as a bearer token
    // (docs/domains/conventions.md); the server reads no cookie, so a cross-site request that
    // carries the browser's cookies acts as nobody. It registers no cookie plugin (decision 065).
    const token = await signIn(t, school.teacher.username);
    const withCookie = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `token=${token}; session=${token}` } });
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.headers['set-cookie']).toBeUndefined();
    const withBearer = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}`, cookie: 'token=x' } });
    expect(withBearer.statusCode).toBe(200);
    expect(withBearer.headers['set-cookie']).toBeUndefined();
  });

  it('accepts the username in any case, and answers no actor', async () => {
    const res = await t.call('POST', '/api/auth/local/login', { body: { username: school.parent.username.toUpperCase(), password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data.user._id).toBe(school.parent.id);
    expect(res.body.data.actor).toBeNull();
  });

  it('keeps a session 12 hours, or 30 days with Remember Me, and stores only the token hash', async () => {
    const expiryOf = async (remember: boolean) => {
      const res = await t.call('POST', '/api/auth/local/login', { body: { username: school.subadmin.username, password: TEST_PASSWORD, remember } });
      const token = res.body.data.token as string;
      const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))));
      expect(row!.tokenHash).not.toContain(token);
      expect(row!.remember).toBe(remember);
      return row!.expiresAt.getTime() - Date.now();
    };
    const HOUR = 3_600_000;
    const [short, long] = [await expiryOf(false), await expiryOf(true)];
    expect(short).toBeGreaterThan(SESSION_HOURS * HOUR - 60_000);
    expect(short).toBeLessThanOrEqual(SESSION_HOURS * HOUR);
    expect(long).toBeGreaterThan(REMEMBER_ME_DAYS * 24 * HOUR - 60_000);
    expect(long).toBeLessThanOrEqual(REMEMBER_ME_DAYS * 24 * HOUR);
  });
});
