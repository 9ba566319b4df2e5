import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { users } from '../../db/schema/index.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members.js';

/** Issue 10: the invitation link opens an accept page (school, username) and signs the person in. */
const LINK = /http:\/\/cadenza\.test\/acceptinvitation\/([\w-]{43})/;
const PASSWORD = 'Fresh@2024pw';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Invitation Academy' });
  b = await createSchool(t.db);
  admin = await sessionToken(t, a.admin.id);
});
afterAll(() => t.close());

async function invite(kind = 'students', token = admin) {
  const n = `inv${++seq}${Math.random().toString(36).slice(2, 6)}`;
  const body = { first_name: 'Iris', last_name: 'Moss', username: `iris.${n}`, email: `${n}@example.test` };
  const res = await t.call('POST', `/api/member/${kind}/add`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await t.services.jobs.idle();
  const mail = t.sentEmails.filter((e) => e.to === body.email).at(-1)!;
  return { id: res.body.data._id as string, ...body, token: mail.text.match(LINK)![1]! };
}
const read = (id: string) => t.call('POST', '/api/auth/invitation', { body: { id } });
const accept = (id: string, newPassword = PASSWORD) => t.call('POST', '/api/auth/acceptInvitation', { body: { id, newPassword, confirm_password: newPassword } });

describe('accepting an invitation', () => {
  it('names the school and the username, then sets the password and signs the person in', async () => {
    const p = await invite();
    const shown = await read(p.token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({ school_name: 'Invitation Academy', username: p.username, first_name: 'Iris' });

    const res = await accept(p.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(AUTH_MESSAGES.invitationAccepted);
    expect(res.body.data.user).toMatchObject({ _id: p.id, username: p.username, role: 'student', emailVerified: true });
    const me = await t.call('GET', '/api/auth/me', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.user._id).toBe(p.id);
    // The password works for signing in later, and the link is used up.
    const login = await t.call('POST', '/api/auth/local/login', { body: { username: p.username, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect((await read(p.token)).status).toBe(400);
    expect((await accept(p.token)).body.message).toBe(AUTH_MESSAGES.invitationInvalid);
  });

  it('refuses an unknown link and a weak password with the contract’s messages', async () => {
    const unknown = await read('x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(AUTH_MESSAGES.invitationInvalid);
    const p = await invite();
    const weak = await accept(p.token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.newPassword).toBeDefined();
    const row = (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.id, p.id))))[0]!;
    expect(row.passwordHash).toBeNull();
  });
});

describe('POST /api/member/{kind}/resendInvitation', () => {
  it('sends a new link and kills the older one', async () => {
    const p = await invite('teachers');
    const before = t.sentEmails.length;
    const res = await t.call('POST', '/api/member/teachers/resendInvitation', { token: admin, body: { id: p.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MEMBER_MESSAGES.invitationResent);
    await t.services.jobs.idle();
    expect(t.sentEmails).toHaveLength(before + 1);
    const fresh = t.sentEmails.at(-1)!.text.match(LINK)![1]!;
    expect(fresh).not.toBe(p.token);
    expect((await read(p.token)).status).toBe(400);
    expect((await read(fresh)).status).toBe(200);
  });

  it('is refused once the invitation is accepted, to a teacher or parent, and across schools (404)', async () => {
    const p = await invite();
    expect((await accept(p.token)).status).toBe(200);
    const done = await t.call('POST', '/api/member/students/resendInvitation', { token: admin, body: { id: p.id } });
    expect(done.status).toBe(400);
    expect(done.body.message).toBe(MEMBER_MESSAGES.invitationAccepted);

    const q = await invite();
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const res = await t.call('POST', '/api/member/students/resendInvitation', { token: await sessionToken(t, a[role].id), body: { id: q.id } });
      expect(res.status, role).toBe(403);
    }
    const other = await t.call('POST', '/api/member/students/resendInvitation', { token: await sessionToken(t, b.admin.id), body: { id: q.id } });
    expect(other.status).toBe(404);
  });

  it('is rate limited per person', async () => {
    const p = await invite('parents');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.call('POST', '/api/member/parents/resendInvitation', { token: admin, body: { id: p.id } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
