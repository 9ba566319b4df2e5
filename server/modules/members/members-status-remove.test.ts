import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or, sql } from 'drizzle-orm';
import { sessionToken, signIn, type TestApp } from '../../test/test-app.js';
import { createUser, TEST_PASSWORD, type TestSchool } from '../../test/factories.js';
import { auditEvents, sessions, studentTeachers, users } from '../../db/schema/index.js';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';
import { memberCalls, membersWorld, personForm, type Tokens } from './test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;

beforeAll(async () => {
  ({ t, api, a, b, tok } = await membersWorld());
});
afterAll(() => t.close());

const sessionsOf = (id: string) => t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(sessions).where(or(eq(sessions.userId, id), eq(sessions.actorUserId, id))));
const exists = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.id, id)))).length === 1;

describe('POST /api/member/{kind}/changeStatus', () => {
  it('deactivates: every session of theirs and every login-as they started ends, and they cannot sign in', async () => {
    const teacher = await createUser(t.db, 'teacher', a.adminId);
    const own = await signIn(t, teacher.username);
    await sessionToken(t, a.student.id, { actorUserId: teacher.id });
    // Their own, and the login-as with the session it came from.
    expect((await sessionsOf(teacher.id)).length).toBe(3);
    expect((await t.call('GET', '/api/profile/getProfile', { token: own })).status).toBe(200);

    const res = await api.call('POST', '/teachers/changeStatus', tok.admin, { id: teacher.id, status: false });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Status Updated Successfully');
    expect(res.body.data).toMatchObject({ _id: teacher.id, status: false });
    expect(await sessionsOf(teacher.id)).toEqual([]);
    expect((await t.call('GET', '/api/profile/getProfile', { token: own })).status).toBe(401);
    const login = await t.call('POST', '/api/auth/local/login', { body: { username: teacher.username, password: TEST_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(AUTH_MESSAGES.inactive);

    const back = await api.call('POST', '/teachers/changeStatus', tok.subadmin, { id: teacher.id, status: true });
    expect(back.body.data.status).toBe(true);
    expect((await t.call('POST', '/api/auth/local/login', { body: { username: teacher.username, password: TEST_PASSWORD } })).status).toBe(200);
    const events = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.targetUserId, teacher.id)));
    expect(events.map((e) => e.action).sort()).toEqual(['member.activated', 'member.deactivated']);
  });

  it('answers 404 for another school’s person, 403 by role, 401 and 400', async () => {
    expect((await api.call('POST', '/students/changeStatus', tok.admin, { id: b.student.id, status: false })).status).toBe(404);
    expect((await api.call('POST', '/students/changeStatus', tok.teacher, { id: a.student.id, status: false })).status).toBe(403);
    expect((await api.call('POST', '/subadmins/changeStatus', tok.subadmin, { id: a.subadmin.id, status: false })).status).toBe(403);
    expect((await api.call('POST', '/students/changeStatus', undefined, { id: a.student.id, status: false })).status).toBe(401);
    expect((await api.call('POST', '/students/changeStatus', tok.admin, { id: 'x' })).body.errors).toMatchObject({ id: 'Invalid id' });
  });
});

describe('DELETE /api/member/{kind}/remove', () => {
  it('deletes a person with nothing but links, and their links with them', async () => {
    const st = await api.add('students', tok.admin, personForm('rm', { teacherIds: [a.teacher.id], parentIds: [a.parent.id] }));
    const res = await api.call('DELETE', '/students/remove', tok.admin, { id: st._id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Student Deleted Successfully');
    expect(await exists(st._id)).toBe(false);
    const links = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(studentTeachers).where(eq(studentTeachers.studentId, st._id)));
    expect(links).toEqual([]);
    const [removed] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'member.removed')));
    expect(removed).toMatchObject({ actorId: a.admin.id, targetUserId: null, meta: { first_name: 'Robin', last_name: 'Hart', role: 'student' } });
  });

  it('keeps a person that any later table of history names (409), whatever the table', async () => {
    // A table like the lessons and invoices to come: a foreign key to users that is not a link.
    await t.db.callSystemFunction(sql`create table lesson_probe (id serial primary key, student_id uuid references users(id))`);
    await t.db.callSystemFunction(sql`grant select, insert on lesson_probe to cadenza_app`);
    try {
      const st = await api.add('students', tok.admin, personForm('hist'));
      await t.db.callSystemFunction(sql`insert into lesson_probe (student_id) values (${st._id})`);
      const res = await api.call('DELETE', '/students/remove', tok.admin, { id: st._id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MEMBER_MESSAGES.hasHistory);
      expect(await exists(st._id)).toBe(true);
    } finally {
      await t.db.callSystemFunction(sql`drop table lesson_probe`);
    }
  });

  it('keeps a sub-admin who did things the school accounts for', async () => {
    const sub = await createUser(t.db, 'subadmin', a.adminId);
    await api.add('students', await sessionToken(t, sub.id), personForm('bysub'));
    const res = await api.call('DELETE', '/subadmins/remove', tok.admin, { id: sub.id });
    expect(res.status).toBe(409);
  });

  it('answers 404 for another school’s person or another kind, 403 by role, 401', async () => {
    expect((await api.call('DELETE', '/students/remove', tok.admin, { id: b.student.id })).status).toBe(404);
    expect((await api.call('DELETE', '/parents/remove', tok.admin, { id: a.student.id })).status).toBe(404);
    expect((await api.call('DELETE', '/students/remove', tok.teacher, { id: a.student.id })).status).toBe(403);
    expect((await api.call('DELETE', '/students/remove', tok.parent, { id: a.student.id })).status).toBe(403);
    expect((await api.call('DELETE', '/students/remove', undefined, { id: a.student.id })).status).toBe(401);
    expect(await exists(a.student.id)).toBe(true);
  });
});
