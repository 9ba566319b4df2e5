import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, sessionToken, signIn, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, TEST_PASSWORD, type TestSchool } from '../../test/factories.js';
import { classGroups, schools, sessions, users } from '../../db/schema/index.js';
import { SCHOOL_MESSAGES } from '../../../shared/contracts/schools.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

let t: TestApp;
let superToken: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const superadmin = await createUser(t.db, 'superadmin', null);
  superToken = await sessionToken(t, superadmin.id);
});
afterAll(() => t.close());

const URL = '/api/school/privateteacher';
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, token = superToken) =>
  t.call(method, `${URL}${path}`, { token, body });
const list = (body: Record<string, unknown>, token = superToken) => call('POST', '/getschoolList', body, token);

/** A valid form; the tag keeps names, usernames and emails apart between tests. */
function form(tag: string, extra: Record<string, unknown> = {}) {
  const n = `${tag}${++seq}`;
  return {
    first_name: 'Clara', last_name: 'Schumann', school_name: `Harmony ${n}`, username: `owner.${n}`, email: `owner.${n}@example.test`,
    working_phone: '+12125550100', address1: '1 Lyric Way', city: 'Leipzig', state: 'Saxony', postal_code: '04109', country: 'United States',
    addrole: 'School', ...extra,
  };
}

async function add(body: Record<string, unknown>) {
  const res = await call('POST', '/add', body);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { _id: string; username: string };
}

const count = async (where: ReturnType<typeof sql>) => {
  const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from ${where}`).then((r) => r.rows));
  return Number(row!.n);
};
const sessionsOf = (userId: string) => count(sql`sessions where user_id = ${userId}`);

describe('POST /add', () => {
  it('creates a school and its owner, answers "School Added Successfully" with the item', async () => {
    const body = form('add');
    const res = await call('POST', '/add', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SCHOOL_MESSAGES.schoolAdded);
    expect(res.body.data).toMatchObject({
      school_name: body.school_name, first_name: 'Clara', last_name: 'Schumann', username: body.username, email: body.email,
      working_phone: '+12125550100', city: 'Leipzig', state: 'Saxony', status: true, role: 'admin', addrole: 'School',
    });
    expect(res.body.data._id).toBe(res.body.data.userId);
    const [owner] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.id, res.body.data._id)));
    expect(owner).toMatchObject({ role: 'admin', adminId: owner!.id, passwordHash: null, addrole: 'School' });
    const details = await call('GET', `/viewProfileBySchoolId/${res.body.data._id}`);
    expect(details.body.data).toMatchObject({ address1: '1 Lyric Way', postal_code: '04109', country: 'United States' });
  });

  it('answers "Private Teacher Added Successfully" for a private teacher', async () => {
    const res = await call('POST', '/add', form('pt', { addrole: 'Private teacher' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SCHOOL_MESSAGES.privateTeacherAdded);
    expect(res.body.data.addrole).toBe('Private teacher');
  });

  it('emails an invitation whose link sets the password, after which the owner signs in', async () => {
    const body = form('invite');
    await add(body);
    await t.services.jobs.idle();
    const mail = t.sentEmails.find((e) => e.to === body.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("You're invited to Cadenza");
    expect(mail!.text).toContain(body.school_name);
    expect(mail!.text).toMatch(/set a password/i);
    const token = /http:\/\/cadenza\.test\/acceptinvitation\/(\S+)/.exec(mail!.text)![1]!;
    const reset = await t.call('POST', '/api/auth/resetPassword', { body: { id: token, newPassword: 'Fresh@2024pw', confirm_password: 'Fresh@2024pw' }, ip: '10.9.0.1' });
    expect(reset.status, reset.body.message).toBe(200);
    await expect(signIn(t, body.username, 'Fresh@2024pw')).resolves.toBeTruthy();
    const again = await t.call('POST', '/api/auth/resetPassword', { body: { id: token, newPassword: 'Other@2024pw', confirm_password: 'Other@2024pw' }, ip: '10.9.0.2' });
    expect(again.status).toBe(400);
  });

  it('refuses a username that exists in any case, with errors.username, and changes nothing', async () => {
    const first = form('dup');
    await add(first);
    const before = await count(sql`users`);
    for (const username of [first.username, first.username.toUpperCase()]) {
      const res = await call('POST', '/add', form('dup2', { username }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ username: SCHOOL_MESSAGES.usernameTaken });
      expect(res.body.message).toBe(SCHOOL_MESSAGES.usernameTaken);
    }
    // A username of anyone on the platform, not only of owners.
    const school = await createSchool(t.db);
    const res = await call('POST', '/add', form('dup3', { username: school.student.username }));
    expect(res.body.errors).toEqual({ username: SCHOOL_MESSAGES.usernameTaken });
    expect(await count(sql`users`)).toBe(before + 6 /* the people of the school made above */);
  });

  it('refuses an email another owner uses, with errors.email', async () => {
    const first = form('mail');
    await add(first);
    const res = await call('POST', '/add', form('mail2', { email: first.email.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: SCHOOL_MESSAGES.emailTaken });
  });

  it('answers every rule with the contract’s message', async () => {
    const long = 'a'.repeat(101);
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['first name missing', { first_name: '' }, { first_name: 'First Name is Required' }],
      ['first name too long', { first_name: long }, { first_name: 'First Name should allow only 100 characters.' }],
      ['first name starting with a digit', { first_name: '1Clara' }, { first_name: 'first character should be alphabet' }],
      ['first name with symbols', { first_name: 'Cl@ra' }, { first_name: 'Special characters are not allowed' }],
      ['last name missing', { last_name: '  ' }, { last_name: 'Last Name is Required' }],
      ['school name missing', { school_name: '' }, { school_name: 'School Name is Required' }],
      ['school name too long', { school_name: long }, { school_name: 'School Name should allow only 100 characters.' }],
      ['username missing', { username: '' }, { username: 'Username is Required' }],
      ['username with spaces', { username: 'a b' }, { username: 'Username may use only letters, digits, dot, dash and underscore' }],
      ['email missing', { email: '' }, { email: 'Email is required' }],
      ['email invalid', { email: 'not-an-email' }, { email: 'Please provide a valid email address' }],
      ['phone missing', { working_phone: '' }, { working_phone: 'Working Phone is required' }],
      ['address missing', { address1: '' }, { address1: 'Address is Required' }],
      ['city missing', { city: '' }, { city: 'City is Required' }],
      ['state missing', { state: '' }, { state: 'State is Required' }],
      ['postal code missing', { postal_code: '' }, { postal_code: 'Postal Code is Required' }],
      ['postal code with letters', { postal_code: '04A09' }, { postal_code: 'Should allow only Numeric Value' }],
      ['postal code too long', { postal_code: '123456' }, { postal_code: 'Should allow only Numeric Value' }],
      ['country missing', { country: '' }, { country: 'Country is Required' }],
      ['addrole missing', { addrole: undefined }, { addrole: 'School Role is required' }],
      ['addrole unknown', { addrole: 'Band' }, { addrole: 'School Role is required' }],
    ];
    const before = await count(sql`users`);
    for (const [label, change, errors] of cases) {
      const res = await call('POST', '/add', { ...form('bad'), ...change });
      expect(res.status, label).toBe(400);
      expect(res.body.errors, label).toEqual(errors);
      expect(res.body.message, label).toBe(Object.values(errors)[0]);
    }
    expect(await count(sql`users`)).toBe(before);
  });
});

describe('POST /getschoolList', () => {
  const tag = `lst${Date.now().toString(36)}`;
  let ids: string[] = [];

  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 8; i++) ids.push((await add(form(tag, { school_name: `${tag} Academy ${String.fromCharCode(65 + i)}` })))._id);
    await add(form(tag, { addrole: 'Private teacher', school_name: `${tag} Studio` }));
    await call('POST', '/changeStatus', { id: ids[0], status: false });
    await call('POST', '/changeStatus', { id: ids[1], status: false });
  });

  it('pages 6 at a time with the total and the counts, newest first', async () => {
    const page1 = await list({ search: tag });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ page: 1, limit: 6, totalCount: 8, activeCount: 6, inactiveCount: 2 });
    expect(page1.body.data.results.map((r: { _id: string }) => r._id)).toEqual([...ids].reverse().slice(0, 6));
    const page2 = await list({ search: tag, page: 2, limit: 6 });
    expect(page2.body.data).toMatchObject({ page: 2, limit: 6, totalCount: 8 });
    expect(page2.body.data.results.map((r: { _id: string }) => r._id)).toEqual([ids[1], ids[0]]);
    const past = await list({ search: tag, page: 5 });
    expect(past.body.data).toMatchObject({ results: [], totalCount: 8 });
  });

  it('says which school’s Cadenza plan lapsed (decision 071)', async () => {
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ planLapsedAt: new Date() }).where(eq(schools.adminId, ids[7]!)));
    const page = await list({ search: tag });
    const lapsed = page.body.data.results.filter((r: { planLapsed: boolean }) => r.planLapsed).map((r: { _id: string }) => r._id);
    expect(lapsed).toEqual([ids[7]]);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ planLapsedAt: null }).where(eq(schools.adminId, ids[7]!)));
  });

  it('filters by status; the counts stay those of the search', async () => {
    const inactive = await list({ search: tag, status: 'inactive' });
    expect(inactive.body.data).toMatchObject({ totalCount: 2, activeCount: 6, inactiveCount: 2 });
    expect(inactive.body.data.results.every((r: { status: boolean }) => !r.status)).toBe(true);
    const active = await list({ search: tag, status: 'active', limit: 100 });
    expect(active.body.data.totalCount).toBe(6);
  });

  it('searches school name, owner name, username and email, and escapes LIKE wildcards', async () => {
    expect((await list({ search: `${tag} Academy C` })).body.data.totalCount).toBe(1);
    const [c] = (await list({ search: `${tag} Academy C` })).body.data.results;
    expect((await list({ search: c.username.toUpperCase() })).body.data.results.map((r: { _id: string }) => r._id)).toEqual([c._id]);
    expect((await list({ search: c.email })).body.data.totalCount).toBe(1);
    expect((await list({ search: `Clara Schumann` })).body.data.totalCount).toBeGreaterThanOrEqual(8);
    expect((await list({ search: '%' })).body.data.totalCount).toBe(0);
    expect((await list({ search: `${tag}_Academy` })).body.data.totalCount).toBe(0);
  });

  it('keeps private teachers and schools apart', async () => {
    const teachers = await list({ search: tag, addrole: 'Private teacher' });
    expect(teachers.body.data).toMatchObject({ totalCount: 1, activeCount: 1, inactiveCount: 0 });
    expect(teachers.body.data.results[0]).toMatchObject({ school_name: `${tag} Studio`, addrole: 'Private teacher' });
    const all = await list({ addrole: 'School', limit: 100 });
    expect(all.body.data.results.every((r: { addrole: string }) => r.addrole === 'School')).toBe(true);
  });

  it('sorts by school name both ways', async () => {
    const asc = await list({ search: tag, sortBy: 'school_name', orderBy: 1 });
    expect(asc.body.data.results[0].school_name).toBe(`${tag} Academy A`);
    const desc = await list({ search: tag, sortBy: 'school_name', orderBy: -1 });
    expect(desc.body.data.results[0].school_name).toBe(`${tag} Academy H`);
  });
});

describe('POST /update', () => {
  it('saves owner and school fields, answers "School Updated Successfully"', async () => {
    const body = form('upd');
    const { _id } = await add(body);
    const { username: _u, ...rest } = body;
    const res = await call('POST', '/update', { ...rest, id: _id, first_name: 'Robert', school_name: 'Renamed Hall', city: 'Zwickau', postal_code: '08056' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SCHOOL_MESSAGES.updated);
    expect(res.body.data).toMatchObject({ first_name: 'Robert', school_name: 'Renamed Hall', city: 'Zwickau', username: body.username });
    expect((await call('GET', `/viewProfileBySchoolId/${_id}`)).body.data.postal_code).toBe('08056');
  });

  it('answers 404 for an unknown id or the id of someone who is not an owner', async () => {
    const school = await createSchool(t.db);
    const { username: _u, ...rest } = form('u404');
    for (const id of ['00000000-0000-4000-8000-000000000000', school.teacher.id]) {
      const res = await call('POST', '/update', { ...rest, id });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, data: null });
    }
  });

  it('refuses another owner’s email and validates with the contract', async () => {
    const other = form('ue1');
    await add(other);
    const body = form('ue2');
    const { _id } = await add(body);
    const { username: _u, ...rest } = body;
    const res = await call('POST', '/update', { ...rest, id: _id, email: other.email });
    expect(res.body.errors).toEqual({ email: SCHOOL_MESSAGES.emailTaken });
    const bad = await call('POST', '/update', { ...rest, id: _id, first_name: '' });
    expect(bad.body.errors).toEqual({ first_name: 'First Name is Required' });
    const badId = await call('POST', '/update', { ...rest, id: 'nope' });
    expect(badId.body.errors).toEqual({ id: 'Invalid id' });
  });
});

describe('POST /changeStatus', () => {
  it('deactivating ends the sessions of the school’s people and refuses their sign-in; reactivating lets them back', async () => {
    const school = await createSchool(t.db);
    const teacherToken = await signIn(t, school.teacher.username);
    const adminToken = await sessionToken(t, school.admin.id);
    expect((await t.call('GET', '/api/auth/me', { token: teacherToken })).status).toBe(200);

    const res = await call('POST', '/changeStatus', { id: school.adminId, status: false });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SCHOOL_MESSAGES.statusChanged);
    expect(res.body.data.status).toBe(false);
    expect(await sessionsOf(school.teacher.id)).toBe(0);
    expect((await t.call('GET', '/api/auth/me', { token: teacherToken })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { token: adminToken })).status).toBe(401);
    for (const person of [school.teacher, school.student]) {
      const login = await t.call('POST', '/api/auth/local/login', { body: { username: person.username, password: TEST_PASSWORD } });
      expect(login.status, person.role).toBe(403);
      expect(login.body.message).toBe(AUTH_MESSAGES.inactive);
    }
    // The owner is told that the school is inactive and whom to contact: the provider, not "your school" (decision 076).
    const owner = await t.call('POST', '/api/auth/local/login', { body: { username: school.admin.username, password: TEST_PASSWORD } });
    expect(owner.status).toBe(403);
    expect(owner.body.message).toMatch(/^Your school is inactive on Cadenza\. Please contact .+ \(.+@.+\) to reactivate it\.$/);
    expect(owner.body.errors?.password).toBe(owner.body.message);

    // A session that outlived the deactivation (made after it, as a race would) is refused too.
    const straggler = await sessionToken(t, school.student.id);
    expect((await t.call('GET', '/api/auth/me', { token: straggler })).status).toBe(401);

    // Not even the superadmin's login-as reaches them while the school is inactive.
    const actAs = await t.call('POST', '/api/auth/local/loginas', { token: superToken, body: { userId: school.teacher.id } });
    expect(actAs.status).toBe(403);

    expect((await call('POST', '/changeStatus', { id: school.adminId, status: true })).body.data.status).toBe(true);
    await expect(signIn(t, school.teacher.username)).resolves.toBeTruthy();
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call('POST', '/changeStatus', { id: '00000000-0000-4000-8000-000000000000', status: false })).status).toBe(404);
  });
});

describe('DELETE /removeSchool', () => {
  it('deletes a school that has nothing but its owner', async () => {
    const { _id } = await add(form('hard'));
    const res = await call('DELETE', '/removeSchool', { id: _id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SCHOOL_MESSAGES.deleted);
    expect(await count(sql`users where id = ${_id}`)).toBe(0);
    expect(await count(sql`schools where admin_id = ${_id}`)).toBe(0);
    expect((await call('GET', `/viewProfileBySchoolId/${_id}`)).status).toBe(404);
  });

  it('keeps an owner-only school that has rows in any school table (history)', async () => {
    const { _id } = await add(form('hist'));
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(classGroups).values({ adminId: _id, name: 'Choir' }));
    expect((await call('DELETE', '/removeSchool', { id: _id })).status).toBe(200);
    expect(await count(sql`schools where admin_id = ${_id} and deleted_at is not null`)).toBe(1);
    expect(await count(sql`class_groups where admin_id = ${_id}`)).toBe(1);
    expect((await call('GET', `/viewProfileBySchoolId/${_id}`)).status).toBe(404);
  });

  it('keeps a school with people and history: hidden, everyone deactivated, sessions ended', async () => {
    const school = await createSchool(t.db, { name: `Keepsake ${Date.now()}` });
    const teacherToken = await sessionToken(t, school.teacher.id);
    const res = await call('DELETE', '/removeSchool', { id: school.adminId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SCHOOL_MESSAGES.deleted);
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(schools).where(eq(schools.adminId, school.adminId)));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await count(sql`users where admin_id = ${school.adminId} and status`)).toBe(0);
    expect(await count(sql`student_teachers where admin_id = ${school.adminId}`)).toBe(1);
    expect(await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(sessions).where(eq(sessions.userId, school.teacher.id)))).toEqual([]);
    expect((await t.call('GET', '/api/auth/me', { token: teacherToken })).status).toBe(401);
    expect((await call('GET', `/viewProfileBySchoolId/${school.adminId}`)).status).toBe(404);
    expect((await list({ search: 'Keepsake', limit: 100 })).body.data.results.map((r: { _id: string }) => r._id)).not.toContain(school.adminId);
    expect((await call('DELETE', '/removeSchool', { id: school.adminId })).status).toBe(404);
    const login = await t.call('POST', '/api/auth/local/login', { body: { username: school.admin.username, password: TEST_PASSWORD } });
    expect(login.status).toBe(403);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call('DELETE', '/removeSchool', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });
});

describe('GET /viewProfileBySchoolId/:id', () => {
  it('answers the details with the counts of teachers and students', async () => {
    const school = await createSchool(t.db);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ status: false }).where(eq(users.id, school.otherStudent.id)));
    const res = await call('GET', `/viewProfileBySchoolId/${school.adminId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: school.adminId, userId: school.adminId, role: 'admin', addrole: 'School', teacherCount: 1, studentCount: 2, activeStudentCount: 1, status: true });
  });

  it('counts a private teacher as their own school’s teacher', async () => {
    const school = await createSchool(t.db, { addrole: 'Private teacher' });
    expect((await call('GET', `/viewProfileBySchoolId/${school.adminId}`)).body.data.teacherCount).toBe(2);
  });

  it('answers 404 for an unknown id or a non-owner, 400 for a malformed one', async () => {
    const school = await createSchool(t.db);
    expect((await call('GET', '/viewProfileBySchoolId/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('GET', `/viewProfileBySchoolId/${school.student.id}`)).status).toBe(404);
    expect((await call('GET', '/viewProfileBySchoolId/nope')).status).toBe(400);
  });
});

describe('who may call', () => {
  const routes: ['GET' | 'POST' | 'DELETE', string, unknown][] = [
    ['POST', '/getschoolList', {}],
    ['POST', '/add', {}],
    ['POST', '/update', {}],
    ['POST', '/changeStatus', {}],
    ['DELETE', '/removeSchool', {}],
    ['GET', '/viewProfileBySchoolId/00000000-0000-4000-8000-000000000000', undefined],
  ];
  let school: TestSchool;
  beforeAll(async () => {
    school = await createSchool(t.db);
  });

  it.each(routes)('%s %s: 401 without a session, 403 for an admin or a teacher', async (method, path, body) => {
    expect((await t.call(method, `${URL}${path}`, { body })).status).toBe(401);
    for (const person of [school.admin, school.teacher]) {
      const res = await t.call(method, `${URL}${path}`, { body, token: await sessionToken(t, person.id) });
      expect(res.status, person.role).toBe(403);
    }
  });
});
