import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { createSchool, TEST_PASSWORD, type TestSchool } from '../../test/factories.js';

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

  it('answers every validation message of spec section 5', async () => {
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
});
