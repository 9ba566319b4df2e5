import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, TEST_PASSWORD, type TestSchool, type TestUser } from '../../test/factories.js';
import { auditEvents, sessions, users } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let superadmin: TestUser;
let inactiveStudent: TestUser;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  superadmin = await createUser(t.db, 'superadmin', null);
  inactiveStudent = await createUser(t.db, 'student', a.adminId, { status: false });
  for (const [key, user] of Object.entries({
    superadmin, adminA: a.admin, subadminA: a.subadmin, teacherA: a.teacher, parentA: a.parent, studentA: a.student,
  })) tok[key] = await sessionToken(t, user.id);
});
afterAll(() => t.close());

const loginAs = (token: string, userId: string) => t.call('POST', '/api/auth/local/loginas', { token, body: { userId } });
const candidates = (token: string, body: Record<string, unknown> = {}) => t.call('POST', '/api/auth/loginAsCandidates', { token, body: { limit: 100, ...body } });
const auditOf = (actorId: string) =>
  t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.actorId, actorId)).orderBy(asc(auditEvents.createdAt)));

describe('POST /api/auth/local/loginas', () => {
  it('lets an admin act as a teacher: /me shows the teacher as user and the admin as actor', async () => {
    const res = await loginAs(tok.adminA!, a.teacher.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(AUTH_MESSAGES.loginAsStarted);
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.data.token).not.toBe(tok.adminA);
    expect(res.body.data.user).toMatchObject({ _id: a.teacher.id, role: 'teacher' });
    expect(res.body.data.actor).toMatchObject({ _id: a.admin.id, role: 'admin' });
    const me = await t.call('GET', '/api/auth/me', { token: res.body.data.token });
    expect(me.body.data.user).toMatchObject({ _id: a.teacher.id, username: a.teacher.username, role: 'teacher', adminId: a.adminId });
    expect(me.body.data.actor).toMatchObject({ _id: a.admin.id, username: a.admin.username, role: 'admin' });
    // The acting session's role decides: a teacher's dashboard, not an admin's.
    const dash = await t.call('GET', '/api/dashboard/getDashboard', { token: res.body.data.token });
    expect(dash.body.data.figures.map((f: { label: string }) => f.label)).toContain('My Active Students');
  });

  it('audits the start and the end, ends only the login-as session at logout, and the admin stays signed in', async () => {
    const admin = await createUser(t.db, 'admin', null);
    const adminToken = await sessionToken(t, admin.id);
    const teacher = await createUser(t.db, 'teacher', admin.id);
    const started = await t.call('POST', '/api/auth/local/loginas', { token: adminToken, body: { userId: teacher.id }, ip: '10.9.9.9' });
    expect(started.status).toBe(200);
    expect(await auditOf(admin.id)).toMatchObject([
      { action: 'loginas.start', actorId: admin.id, targetUserId: teacher.id, adminId: admin.id, ip: '10.9.9.9' },
    ]);
    const asTeacher = started.body.data.token as string;
    const out = await t.call('GET', '/api/auth/logout', { token: asTeacher });
    expect(out.status).toBe(200);
    expect((await auditOf(admin.id)).map((e) => e.action)).toEqual(['loginas.start', 'loginas.end']);
    expect((await t.call('GET', '/api/auth/me', { token: asTeacher })).status).toBe(401);
    const me = await t.call('GET', '/api/auth/me', { token: adminToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ user: { _id: admin.id }, actor: null });
  });

  it('audits nothing for a plain logout', async () => {
    const teacher = await createUser(t.db, 'teacher', a.adminId);
    await t.call('GET', '/api/auth/logout', { token: await sessionToken(t, teacher.id) });
    expect(await auditOf(teacher.id)).toEqual([]);
  });

  it('never lets the login-as session outlive the session it came from', async () => {
    const parentExpiry = new Date(Date.now() + 10 * 60_000);
    const short = await sessionToken(t, a.admin.id, { expiresAt: parentExpiry });
    const res = await loginAs(short, a.student.id);
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(sessions).where(eq(sessions.tokenHash, hashToken(res.body.data.token))));
    expect(row).toMatchObject({ userId: a.student.id, actorUserId: a.admin.id });
    expect(row!.expiresAt.getTime()).toBe(parentExpiry.getTime());
  });

  it('cannot target a superadmin (403), and a school cannot even see one (404)', async () => {
    const other = await createUser(t.db, 'superadmin', null);
    const bySuperadmin = await loginAs(tok.superadmin!, other.id);
    expect(bySuperadmin.status).toBe(403);
    expect(bySuperadmin.body.message).toBe(AUTH_MESSAGES.loginAsNotAllowed);
    expect((await loginAs(tok.adminA!, superadmin.id)).status).toBe(404);
  });

  it('lets a superadmin act as anyone of any school', async () => {
    for (const target of [a.admin, b.teacher, b.parent]) {
      const res = await loginAs(tok.superadmin!, target.id);
      expect(res.status, target.role).toBe(200);
      expect(res.body.data.user._id).toBe(target.id);
    }
  });

  it('does not start a login-as from a login-as session (403)', async () => {
    const asTeacher = (await loginAs(tok.adminA!, a.teacher.id)).body.data.token as string;
    // The teacher could act as their own student from a normal session...
    expect((await loginAs(tok.teacherA!, a.student.id)).status).toBe(200);
    // ...but not when the "teacher" is an admin acting.
    const nested = await loginAs(asTeacher, a.student.id);
    expect(nested.status).toBe(403);
    expect(nested.body.message).toBe(AUTH_MESSAGES.loginAsNotAllowed);
  });

  it.each([
    ['a teacher as a student who is not theirs', 'teacherA', () => a.otherStudent],
    ['a parent as a student who is not their child', 'parentA', () => a.otherStudent],
    ['a subadmin as the admin', 'subadminA', () => a.admin],
    ['a subadmin as another subadmin', 'subadminA', () => a.subadmin],
    ['an admin as an inactive student', 'adminA', () => inactiveStudent],
    ['a teacher as a parent', 'teacherA', () => a.parent],
  ] as const)('refuses %s (403)', async (_n, who, target) => {
    const res = await loginAs(tok[who]!, target().id);
    expect(res.status).toBe(403);
  });

  it.each([
    ['a parent as their child', 'parentA', () => a.student],
    ['a subadmin as a parent', 'subadminA', () => a.parent],
    ['an admin as the subadmin', 'adminA', () => a.subadmin],
  ] as const)('allows %s', async (_n, who, target) => {
    const res = await loginAs(tok[who]!, target().id);
    expect(res.status).toBe(200);
    expect(res.body.data.user._id).toBe(target().id);
  });
});

describe('POST /api/auth/loginAsCandidates', () => {
  // A school of its own, so that people other tests add do not change these lists.
  let c: TestSchool;
  let named: TestUser;
  let inactive: TestUser;
  const ct: Record<string, string> = {};
  beforeAll(async () => {
    c = await createSchool(t.db);
    named = await createUser(t.db, 'student', c.adminId, { firstName: 'Zuzanna', lastName: 'Quillfeather' });
    inactive = await createUser(t.db, 'student', c.adminId, { status: false });
    for (const [key, user] of Object.entries({ admin: c.admin, subadmin: c.subadmin, teacher: c.teacher, parent: c.parent })) {
      ct[key] = await sessionToken(t, user.id);
    }
  });
  const ids = (res: { body: { data: { results: { _id: string }[] } } }) => res.body.data.results.map((r) => r._id).sort();
  const everyoneButAdmin = () => [c.subadmin.id, c.teacher.id, c.student.id, c.otherStudent.id, c.parent.id, named.id].sort();

  it('shows a teacher only their own students', async () => {
    expect(ids(await candidates(ct.teacher!))).toEqual([c.student.id]);
  });

  it('shows a parent only their own children', async () => {
    expect(ids(await candidates(ct.parent!))).toEqual([c.student.id]);
  });

  it('shows a subadmin the teachers, students and parents of the school, no admin or subadmin', async () => {
    const res = await candidates(ct.subadmin!);
    expect(ids(res)).toEqual([c.teacher.id, c.student.id, c.otherStudent.id, c.parent.id, named.id].sort());
  });

  it('shows an admin the active people of their own school only, never themselves', async () => {
    const res = await candidates(ct.admin!);
    expect(ids(res)).toEqual(everyoneButAdmin());
    expect(ids(res)).not.toContain(inactive.id);
    const teacher = res.body.data.results.find((r: { _id: string }) => r._id === c.teacher.id);
    expect(teacher).toEqual({ _id: c.teacher.id, first_name: 'Teacher', last_name: 'Tester', username: c.teacher.username, role: 'teacher', school_name: expect.any(String) });
  });

  it('shows a superadmin every school’s people but no superadmin', async () => {
    const res = await candidates(tok.superadmin!);
    const everyone = await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select({ id: users.id }).from(users).where(and(ne(users.role, 'superadmin'), eq(users.status, true))));
    expect(res.body.data.totalCount).toBe(everyone.length);
    expect(ids(res)).toEqual(everyone.map((u) => u.id).sort());
    for (const person of [a.admin, c.teacher, b.admin, b.parent]) expect(ids(res)).toContain(person.id);
  });

  it('pages: results, page, limit and totalCount, pages neither overlap nor skip', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await candidates(ct.admin!, { page, limit: 2 }));
    expect(pages.map((p) => p.body.data.page)).toEqual([1, 2, 3, 4]);
    expect(pages.map((p) => p.body.data.limit)).toEqual([2, 2, 2, 2]);
    expect(pages.map((p) => p.body.data.totalCount)).toEqual([6, 6, 6, 6]);
    expect(pages.map((p) => p.body.data.results.length)).toEqual([2, 2, 2, 0]);
    expect(pages.flatMap((p) => ids(p)).sort()).toEqual(everyoneButAdmin());
  });

  it('uses the default limit of 6 and refuses a limit above 100', async () => {
    const res = await t.call('POST', '/api/auth/loginAsCandidates', { token: ct.admin!, body: {} });
    expect(res.body.data).toMatchObject({ page: 1, limit: 6 });
    expect((await candidates(ct.admin!, { limit: 101 })).status).toBe(400);
    expect((await candidates(ct.admin!, { page: 0 })).status).toBe(400);
  });

  it('searches first name, last name and username, case-insensitively', async () => {
    expect(ids(await candidates(ct.admin!, { search: 'zuzA' }))).toEqual([named.id]);
    expect(ids(await candidates(ct.admin!, { search: 'QUILLF' }))).toEqual([named.id]);
    expect(ids(await candidates(ct.admin!, { search: c.teacher.username.toUpperCase() }))).toEqual([c.teacher.id]);
    expect((await candidates(ct.admin!, { search: 'zuz' })).body.data.totalCount).toBe(1);
    // LIKE wildcards are searched for literally.
    expect(ids(await candidates(ct.admin!, { search: '%' }))).toEqual([]);
    expect(ids(await candidates(ct.admin!, { search: '_' }))).toEqual([]);
    // Search never widens the school.
    expect(ids(await candidates(ct.admin!, { search: b.teacher.username }))).toEqual([]);
  });
});

describe('while acting as someone', () => {
  it('cannot change that person’s password (403), and it stays as it was', async () => {
    const student = await createUser(t.db, 'student', a.adminId);
    const acting = (await loginAs(tok.adminA!, student.id)).body.data.token as string;
    const res = await t.call('POST', '/api/profile/changePassword', {
      token: acting,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Changed@2024', confirm_password: 'Changed@2024' },
    });
    expect(res.status).toBe(403);
    const login = await t.call('POST', '/api/auth/local/login', { body: { username: student.username, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('keeps the acting admin’s audit rows in the acted school', async () => {
    const rows = await t.db.transaction({ kind: 'school', adminId: b.adminId }, (tx) =>
      tx.select().from(auditEvents).where(and(eq(auditEvents.actorId, superadmin.id), eq(auditEvents.targetUserId, b.teacher.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.adminId).toBe(b.adminId);
  });
});

describe('a login-as session ends with the session that started it', () => {
  /** A fresh admin signed in (a session of their own) and acting as one of their teachers. */
  async function acting() {
    const admin = await createUser(t.db, 'admin', null);
    const teacher = await createUser(t.db, 'teacher', admin.id);
    const own = await sessionToken(t, admin.id);
    const res = await loginAs(own, teacher.id);
    expect(res.status).toBe(200);
    const asTeacher = res.body.data.token as string;
    expect((await me(asTeacher)).status).toBe(200);
    return { admin, own, asTeacher };
  }
  const me = (token: string) => t.call('GET', '/api/auth/me', { token });

  it('ends at the actor’s logout', async () => {
    const { own, asTeacher } = await acting();
    expect((await t.call('GET', '/api/auth/logout', { token: own })).status).toBe(200);
    expect((await me(asTeacher)).status).toBe(401);
  });

  it('ends when the actor changes their password elsewhere (their other sessions end)', async () => {
    const { admin, asTeacher } = await acting();
    const elsewhere = await sessionToken(t, admin.id);
    const res = await t.call('POST', '/api/profile/changePassword', {
      token: elsewhere,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Changed@2024', confirm_password: 'Changed@2024' },
    });
    expect(res.status).toBe(200);
    expect((await me(asTeacher)).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(200);
  });

  it('ends when the actor’s session expires, though its own time is not up', async () => {
    const { own, asTeacher } = await acting();
    await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(own))));
    expect((await me(asTeacher)).status).toBe(401);
  });

  it('ends when the actor is deactivated', async () => {
    const { admin, asTeacher } = await acting();
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ status: false }).where(eq(users.id, admin.id)));
    expect((await me(asTeacher)).status).toBe(401);
  });

  it('cannot exist without the session it came from (the database refuses it)', async () => {
    const insert = t.db.transaction({ kind: 'all' }, (tx) =>
      tx.insert(sessions).values({ userId: a.student.id, actorUserId: a.admin.id, tokenHash: hashToken('orphan'), expiresAt: new Date(Date.now() + 60_000) }));
    await expect(insert).rejects.toThrow();
  });
});
