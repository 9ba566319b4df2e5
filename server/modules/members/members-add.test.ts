import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { auditEvents, studentTeachers, teacherPayRates, users } from '../../db/schema/index.js';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members.js';
import { LINK_MESSAGES } from './member-links.js';
import { SCHOOL_NEEDED } from './add-member.js';
import { memberCalls, membersWorld, personForm, type Tokens } from './test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;
let g: Record<string, string>;

beforeAll(async () => {
  ({ t, api, a, b, tok, g } = await membersWorld());
});
afterAll(() => t.close());

const row = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.id, id))))[0]!;
const waitForMail = async (to: string) => {
  for (let i = 0; i < 100 && !t.sentEmails.some((e) => e.to === to); i++) await new Promise((r) => setTimeout(r, 20));
  return t.sentEmails.find((e) => e.to === to);
};

describe('POST /api/member/{kind}/add', () => {
  it('adds a student with instruments, teachers and parents, invites them and records the activity', async () => {
    const form = personForm('st', { instruments: [{ genreId: g.Piano, level: 'advanced' }], teacherIds: [a.teacher.id], parentIds: [a.parent.id] });
    const res = await api.call('POST', '/students/add', tok.subadmin, form);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Student Added Successfully');
    const d = res.body.data;
    expect(d).toMatchObject({
      role: 'student', first_name: 'Robin', username: form.username, status: true, invitationPending: true,
      instruments: [{ genreId: { _id: g.Piano, name: 'Piano' }, level: 'advanced' }],
      teachers: [{ _id: a.teacher.id }], parents: [{ _id: a.parent.id }],
    });
    const user = await row(d._id);
    expect(user).toMatchObject({ adminId: a.adminId, passwordHash: null });
    const mail = await waitForMail(form.email);
    expect(mail?.text).toContain('/acceptinvitation/');
    const events = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.targetUserId, d._id)));
    expect(events.map((e) => [e.action, e.actorId])).toEqual([['member.added', a.subadmin.id]]);
  });

  it('creates, invites and links a new parent with the student', async () => {
    const newParent = personForm('np', { first_name: 'Nora' });
    const res = await api.call('POST', '/students/add', tok.admin, personForm('st', { newParent }));
    expect(res.status).toBe(200);
    expect(res.body.data.parents).toEqual([expect.objectContaining({ first_name: 'Nora' })]);
    const parentId = res.body.data.parents[0]._id;
    expect(await row(parentId)).toMatchObject({ role: 'parent', username: newParent.username, adminId: a.adminId });
    expect(await waitForMail(newParent.email)).toBeDefined();
  });

  it('names the new parent’s field when their username is taken, and saves nothing', async () => {
    const form = personForm('st');
    const res = await api.call('POST', '/students/add', tok.admin, { ...form, newParent: personForm('np', { username: a.parent.username }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'newParent.username': MEMBER_MESSAGES.usernameTaken });
    expect((await api.list('students', tok.admin, { search: form.username })).body.data.totalCount).toBe(0);
  });

  it('adds a teacher with instruments and pay rates in cents', async () => {
    const res = await api.call('POST', '/teachers/add', tok.admin, personForm('te', { genreIds: [g.Guitar, g.Cello], private_rate: '35', class_group_rate: 20.5 }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Teacher Added Successfully');
    expect(res.body.data).toMatchObject({ genres: [{ name: 'Cello' }, { name: 'Guitar' }], private_rate: 35, class_group_rate: 20.5, studentCount: 0 });
    const rates = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(teacherPayRates).where(eq(teacherPayRates.teacherId, res.body.data._id)));
    expect(rates.map((r) => [r.lessonKind, r.rateCents]).sort()).toEqual([['class_group', 2050], ['private', 3500]]);
  });

  it('adds a sub-admin with the payroll flag and a parent with children', async () => {
    const sub = await api.add('subadmins', tok.admin, personForm('sa', { allow_payroll_report: true }));
    expect(await row(sub._id)).toMatchObject({ role: 'subadmin', allowPayrollReport: true });
    const res = await api.call('POST', '/parents/add', tok.admin, personForm('pa', { childIds: [a.student.id, a.otherStudent.id] }));
    expect(res.body.message).toBe('Parent Added Successfully');
    expect(res.body.data.children.map((c: { _id: string }) => c._id).sort()).toEqual([a.student.id, a.otherStudent.id].sort());
  });

  it('links a private teacher’s new students to the private teacher', async () => {
    const pt = await createSchool(t.db, { addrole: 'Private teacher' });
    const res = await api.call('POST', '/students/add', await sessionToken(t, pt.admin.id), personForm('pts', { teacherIds: [] }));
    expect(res.status).toBe(200);
    const links = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(studentTeachers).where(eq(studentTeachers.studentId, res.body.data._id)));
    expect(links.map((l) => l.teacherId)).toEqual([pt.admin.id]);
  });

  it('answers the form’s messages by field', async () => {
    const res = await api.call('POST', '/students/add', tok.admin, {
      first_name: '', last_name: '1abc', username: 'bad name', email: 'nope', postal_code: '12ab',
      instruments: [{ genreId: g.Piano, level: 'expert' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      first_name: 'First Name is Required',
      last_name: 'first character should be alphabet',
      username: 'Username may use only letters, digits, dot, dash and underscore',
      email: 'Please provide a valid email address',
      postal_code: 'Should allow only Numeric Value',
      'instruments.0.level': 'Level is Required',
    });
    const money = await api.call('POST', '/teachers/add', tok.admin, personForm('te', { private_rate: '12.345' }));
    expect(money.body.errors).toEqual({ private_rate: 'Please enter at most two decimals' });
  });

  it('refuses a taken username or email, and people of another school as links', async () => {
    expect((await api.call('POST', '/students/add', tok.admin, personForm('x', { username: b.student.username }))).body.errors)
      .toEqual({ username: MEMBER_MESSAGES.usernameTaken });
    expect((await api.call('POST', '/students/add', tok.admin, personForm('x', { email: a.parent.email }))).body.errors)
      .toEqual({ email: MEMBER_MESSAGES.emailTaken });
    // Another school may use the same email.
    expect((await api.call('POST', '/students/add', await sessionToken(t, b.admin.id), personForm('x', { email: a.parent.email }))).status).toBe(200);
    expect((await api.call('POST', '/students/add', tok.admin, personForm('x', { teacherIds: [b.teacher.id] }))).body.errors)
      .toEqual({ teacherIds: LINK_MESSAGES.teacher });
    expect((await api.call('POST', '/students/add', tok.admin, personForm('x', { parentIds: [a.student.id] }))).body.errors)
      .toEqual({ parentIds: LINK_MESSAGES.parent });
    expect((await api.call('POST', '/parents/add', tok.admin, personForm('x', { childIds: [b.student.id] }))).body.errors)
      .toEqual({ childIds: LINK_MESSAGES.student });
  });

  it('answers 401 without a session and 403 to roles that may not add, before reading the form', async () => {
    expect((await api.call('POST', '/students/add', undefined, personForm('x'))).status).toBe(401);
    expect((await api.call('POST', '/students/add', tok.teacher, {})).status).toBe(403);
    expect((await api.call('POST', '/students/add', tok.parent, personForm('x'))).status).toBe(403);
    expect((await api.call('POST', '/students/add', tok.student, personForm('x'))).status).toBe(403);
    expect((await api.call('POST', '/subadmins/add', tok.subadmin, personForm('x'))).status).toBe(403);
    const pt = await createSchool(t.db, { addrole: 'Private teacher' });
    expect((await api.call('POST', '/teachers/add', await sessionToken(t, pt.admin.id), personForm('x'))).status).toBe(403);
  });

  it('asks the superadmin to act as the school', async () => {
    const superadmin = await createUser(t.db, 'superadmin', null);
    const res = await api.call('POST', '/students/add', await sessionToken(t, superadmin.id), personForm('x'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SCHOOL_NEEDED);
  });
});

describe('POST /api/member/{kind}/update', () => {
  it('sends a corrected address a new invitation, and the link mailed to the old one stops working', async () => {
    const st = await api.add('students', tok.admin, personForm('typo'));
    const oldLink = (await waitForMail(st.email))!.text.match(/acceptinvitation\/([A-Za-z0-9_-]+)/)![1]!;
    const res = await api.call('POST', '/students/update', tok.admin, { id: st._id, first_name: 'Robin', last_name: 'Hart', email: `fixed.${st.email}` });
    expect(res.status).toBe(200);
    const newLink = (await waitForMail(`fixed.${st.email}`))!.text.match(/acceptinvitation\/([A-Za-z0-9_-]+)/)![1]!;
    const body = (id: string) => ({ body: { id, newPassword: 'Fresh@2024pw', confirm_password: 'Fresh@2024pw' }, ip: '10.9.1.1' });
    expect((await t.call('POST', '/api/auth/resetPassword', body(oldLink))).status).toBe(400);
    expect((await t.call('POST', '/api/auth/resetPassword', body(newLink))).status).toBe(200);
  });

  it('changes the details, replaces the links and asks for a changed email to be proven again', async () => {
    const st = await api.add('students', tok.admin, personForm('up', { teacherIds: [a.teacher.id], instruments: [{ genreId: g.Piano, level: 'beginner' }] }));
    const res = await api.call('POST', '/students/update', tok.admin, {
      id: st._id, first_name: 'Robyn', last_name: 'Hart', email: `new.${st.email}`, city: 'Boston',
      instruments: [{ genreId: g.Voice, level: 'intermediate' }], teacherIds: [], parentIds: [a.parent.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Student Updated Successfully');
    expect(res.body.data).toMatchObject({
      first_name: 'Robyn', email: `new.${st.email}`, teachers: [], parents: [{ _id: a.parent.id }],
      instruments: [{ genreId: { name: 'Voice' }, level: 'intermediate' }],
    });
    expect(await row(st._id)).toMatchObject({ city: 'Boston', emailVerifiedAt: null, username: st.username });
  });

  it('keeps the email proven when it did not change', async () => {
    const res = await api.call('POST', '/teachers/update', tok.admin, {
      id: a.teacher.id, first_name: 'Tea', last_name: 'Cher', email: a.teacher.email.toUpperCase(), genreIds: [g.Drums], private_rate: 40,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ genres: [{ name: 'Drums' }], private_rate: 40, class_group_rate: 0 });
    expect((await row(a.teacher.id)).emailVerifiedAt).not.toBeNull();
  });

  it('answers 400 on a taken email, 404 for another school’s person or another kind, 403 by role', async () => {
    const base = { first_name: 'A', last_name: 'B', email: a.parent.email };
    expect((await api.call('POST', '/students/update', tok.admin, { ...base, id: a.student.id })).body.errors).toEqual({ email: MEMBER_MESSAGES.emailTaken });
    expect((await api.call('POST', '/students/update', tok.admin, { ...base, email: 'z@example.test', id: b.student.id })).status).toBe(404);
    expect((await api.call('POST', '/students/update', tok.admin, { ...base, email: 'z@example.test', id: a.teacher.id })).status).toBe(404);
    expect((await api.call('POST', '/students/update', tok.teacher, { ...base, email: 'z@example.test', id: a.student.id })).status).toBe(403);
    expect((await api.call('POST', '/students/update', undefined, { ...base, id: a.student.id })).status).toBe(401);
    expect((await api.call('POST', '/students/update', tok.admin, { first_name: 'A' })).body.errors).toMatchObject({ id: 'Invalid id', email: 'Email is Required' });
  });
});

describe('POST /api/member/students/updateInstruments', () => {
  it('lets a teacher change their own student’s instruments, and no one else’s', async () => {
    const body = { id: a.student.id, instruments: [{ genreId: g.Flute, level: 'advanced' }] };
    const res = await api.call('POST', '/students/updateInstruments', tok.teacher, body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Instruments Updated Successfully');
    expect(res.body.data.instruments).toEqual([{ genreId: { _id: g.Flute, name: 'Flute' }, level: 'advanced' }]);
    expect((await api.call('POST', '/students/updateInstruments', tok.teacher, { ...body, id: a.otherStudent.id })).status).toBe(403);
    expect((await api.call('POST', '/students/updateInstruments', tok.teacher, { ...body, id: b.student.id })).status).toBe(404);
    expect((await api.call('POST', '/students/updateInstruments', tok.parent, body)).status).toBe(403);
    const dup = await api.call('POST', '/students/updateInstruments', tok.admin, { id: a.student.id, instruments: [body.instruments[0], body.instruments[0]] });
    expect(dup.body.errors).toEqual({ instruments: 'Each instrument/genre may appear once' });
  });
});
