import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { auditEvents, emailMessages, genres, schools, studentGenres, studentSignups, users } from '../../db/schema/index.js';
import { SIGNUP_MESSAGES } from '../../../shared/contracts/signup-widget.js';
import { SIGNUP_LIMITS } from './limits.js';
import type { Tx } from '../../db/client.js';
import { nextIp } from '../../test/next-ip.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let piano: string;
let cello: string;
let tokens: Record<'adminA' | 'subadminA' | 'teacherA' | 'studentA' | 'parentA' | 'adminB' | 'superadmin', string>;
// Each test signs up from its own address (nextIp), so the hourly limit only bites where it is tested.

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Riverside Test Academy' });
  b = await createSchool(t.db);
  const superadmin = await createUser(t.db, 'superadmin', null);
  const all = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(genres));
  piano = all.find((g) => g.name === 'Piano')!.id;
  cello = all.find((g) => g.name === 'Cello')!.id;
  tokens = {
    adminA: await sessionToken(t, a.admin.id),
    subadminA: await sessionToken(t, a.subadmin.id),
    teacherA: await sessionToken(t, a.teacher.id),
    studentA: await sessionToken(t, a.student.id),
    parentA: await sessionToken(t, a.parent.id),
    adminB: await sessionToken(t, b.admin.id),
    superadmin: await sessionToken(t, superadmin.id),
  };
});
afterAll(() => t.close());

let seq = 0;
function payload(extra: Record<string, unknown> = {}) {
  const n = ++seq;
  return {
    first_name: 'Nora', last_name: `Quill${n}`, email: `nora.quill${n}@example.test`, cellPhone: '(206) 555-0142',
    genreId: [{ genreId: piano, level: 'beginner' }, { genreId: cello, level: 'advanced' }], adminId: a.adminId, role: 'student', ...extra,
  };
}

const submit = (body: unknown, ip = nextIp()) => t.call('POST', '/api/student/studentSignupWidget/add', { body, ip });
const staff = (path: string, token: string, body: unknown = {}) => t.call('POST', `/api/reporting/approvedStudent/${path}`, { token, body });

async function signUp(extra: Record<string, unknown> = {}) {
  const body = payload(extra);
  const res = await submit(body);
  expect(res.status, res.body.message).toBe(200);
  return { id: res.body.data._id as string, body };
}

const inDb = <T>(fn: (tx: Tx) => Promise<T>) => t.db.transaction({ kind: 'all' }, fn);

describe('POST /api/student/studentSignupWidget/school', () => {
  it("answers an open school's name and the genres, without a token", async () => {
    const res = await t.call('POST', '/api/student/studentSignupWidget/school', { body: { adminId: a.adminId } });
    expect(res.status).toBe(200);
    expect(res.body.data.school_name).toBe('Riverside Test Academy');
    expect(res.body.data.genres).toContainEqual({ _id: piano, name: 'Piano' });
  });

  it('answers 404 for an unknown id, a non-admin id, and 400 for a malformed one', async () => {
    for (const adminId of ['00000000-0000-4000-8000-000000000000', a.student.id]) {
      const res = await t.call('POST', '/api/student/studentSignupWidget/school', { body: { adminId } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SIGNUP_MESSAGES.schoolNotFound);
    }
    expect((await t.call('POST', '/api/student/studentSignupWidget/school', { body: { adminId: 'nope' } })).status).toBe(400);
  });
});

describe('POST /api/student/studentSignupWidget/add', () => {
  it('stores a pending signup, records it, emails the owner and answers "student register successfully"', async () => {
    const { id, body } = await signUp();
    const [row] = await inDb((tx) => tx.select().from(studentSignups).where(eq(studentSignups.id, id)));
    expect(row).toMatchObject({
      adminId: a.adminId, firstName: 'Nora', lastName: body.last_name, email: body.email, cellPhone: '(206) 555-0142', status: 'pending', studentId: null,
      genres: [{ genreId: piano, level: 'beginner' }, { genreId: cello, level: 'advanced' }],
    });
    const [activity] = await inDb((tx) => tx.select().from(auditEvents).where(and(eq(auditEvents.adminId, a.adminId), eq(auditEvents.action, 'signup.received'), sql`${auditEvents.meta}->>'signupId' = ${id}`)));
    expect(activity?.meta).toMatchObject({ name: `Nora ${body.last_name}`, email: body.email });
    const mails = await inDb((tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.kind, 'widget-signup'), eq(emailMessages.toAddress, a.admin.email))));
    expect(mails.some((m) => m.textBody.includes(body.email) && m.textBody.includes('/reporting/approvedStudent'))).toBe(true);
  });

  it('answers the documented message', async () => {
    const res = await submit(payload({ genreId: [] }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('student register successfully');
  });

  it.each([
    ['first_name', { first_name: '' }, 'First Name is Required'],
    ['last_name', { last_name: '  ' }, 'Last Name is Required'],
    ['email', { email: '' }, 'Email is Required'],
    ['email', { email: 'nora@' }, 'Please provide a valid email address'],
    ['cellPhone', { cellPhone: '' }, 'Cell Phone is Required'],
    ['cellPhone', { cellPhone: '206555014' }, 'Please enter a valid phone number'],
    ['cellPhone', { cellPhone: '(206) 555-014' }, 'Please enter a valid phone number'],
    ['genreId.0.genreId', { genreId: [{ genreId: '', level: 'beginner' }] }, 'Instrument/Genre is Required'],
    ['genreId.0.level', { genreId: [{ genreId: 'PIANO', level: '' }] }, 'Level is Required'],
    ['genreId.0.level', { genreId: [{ genreId: 'PIANO', level: 'expert' }] }, 'Level is Required'],
    ['genreId', { genreId: [{ genreId: 'PIANO', level: 'beginner' }, { genreId: 'PIANO', level: 'advanced' }] }, 'Each instrument/genre may appear once'],
    ['adminId', { adminId: 'x' }, 'Invalid id'],
    ['role', { role: 'admin' }, undefined],
  ])('refuses a bad %s (%j) with its message and stores nothing', async (field, extra, message) => {
    const before = await inDb((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(studentSignups));
    // The table is built before beforeAll knows the genres' ids.
    const res = await submit(payload(JSON.parse(JSON.stringify(extra).replaceAll('"PIANO"', JSON.stringify(piano)))));
    expect(res.status).toBe(400);
    if (message) expect(res.body.errors?.[field]).toBe(message);
    else expect(res.body.errors?.[field]).toBeTruthy();
    const after = await inDb((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(studentSignups));
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('gives every message of an empty form at once', async () => {
    const res = await submit({ adminId: a.adminId, role: 'student' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      first_name: 'First Name is Required', last_name: 'Last Name is Required', email: 'Email is Required', cellPhone: 'Cell Phone is Required',
    });
  });

  it('refuses a genre that does not exist', async () => {
    const res = await submit(payload({ genreId: [{ genreId: '00000000-0000-4000-8000-000000000000', level: 'beginner' }] }));
    expect(res.status).toBe(400);
    expect(res.body.errors?.genreId).toBe(SIGNUP_MESSAGES.genreNotFound);
  });

  it('answers 404 for an unknown, inactive or removed school, and stores nothing', async () => {
    const inactive = await createSchool(t.db);
    const removed = await createSchool(t.db);
    await inDb(async (tx) => {
      await tx.update(users).set({ status: false }).where(eq(users.id, inactive.adminId));
      await tx.update(schools).set({ deletedAt: new Date() }).where(eq(schools.adminId, removed.adminId));
    });
    for (const adminId of ['00000000-0000-4000-8000-000000000000', inactive.adminId, removed.adminId, a.teacher.id]) {
      const res = await submit(payload({ adminId }));
      expect(res.status, adminId).toBe(404);
      expect(res.body.message).toBe(SIGNUP_MESSAGES.schoolNotFound);
      const school = await t.call('POST', '/api/student/studentSignupWidget/school', { body: { adminId } });
      expect(school.status).toBe(404);
    }
    const rows = await inDb((tx) => tx.select().from(studentSignups).where(sql`${studentSignups.adminId} in (${inactive.adminId}, ${removed.adminId})`));
    expect(rows).toHaveLength(0);
  });

  it(`allows ${SIGNUP_LIMITS.submitPerIp.points} signups an hour from one address, then answers 429`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < SIGNUP_LIMITS.submitPerIp.points; i++) expect((await submit(payload(), ip)).status).toBe(200);
    const res = await submit(payload(), ip);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(SIGNUP_MESSAGES.tooMany);
    // Another address is not affected.
    expect((await submit(payload())).status).toBe(200);
  });
});

describe('POST /api/reporting/approvedStudent/list', () => {
  it('lists the school\'s pending signups newest first, paged by 6, with the tab counts', async () => {
    const school = await createSchool(t.db);
    const token = await sessionToken(t, school.admin.id);
    for (let i = 0; i < 8; i++) await signUp({ adminId: school.adminId, first_name: `Pat${i}` });
    const first = await staff('list', token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, limit: 6, totalCount: 8, pendingCount: 8, approvedCount: 0, declinedCount: 0 });
    expect(first.body.data.results).toHaveLength(6);
    expect(first.body.data.results[0]).toMatchObject({ first_name: 'Pat7', status: 'pending', cellPhone: '(206) 555-0142' });
    expect(first.body.data.results[0].instruments).toEqual([
      { genreId: { _id: piano, name: 'Piano' }, level: 'beginner' },
      { genreId: { _id: cello, name: 'Cello' }, level: 'advanced' },
    ]);
    const second = await staff('list', token, { page: 2 });
    expect(second.body.data.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Pat1', 'Pat0']);
    const oldest = await staff('list', token, { orderBy: 1, limit: 1 });
    expect(oldest.body.data.results[0].first_name).toBe('Pat0');
    const past = await staff('list', token, { page: 5 });
    expect(past.body.data).toMatchObject({ results: [], totalCount: 8 });

    const firstId = first.body.data.results[0]._id;
    expect((await staff('decline', token, { id: firstId })).status).toBe(200);
    const declined = await staff('list', token, { status: 'declined' });
    expect(declined.body.data).toMatchObject({ totalCount: 1, pendingCount: 7, declinedCount: 1 });
    expect(declined.body.data.results[0]._id).toBe(firstId);
  });

  it('shows a subadmin their school and never another school\'s signups', async () => {
    const { id } = await signUp();
    const mine = await staff('list', tokens.subadminA, { limit: 100 });
    expect(mine.status).toBe(200);
    expect(mine.body.data.results.some((r: { _id: string }) => r._id === id)).toBe(true);
    const other = await staff('list', tokens.adminB, { limit: 100 });
    expect(other.body.data.results.some((r: { _id: string }) => r._id === id)).toBe(false);
  });

  it('answers 401 without a session and 403 to teachers, students and parents', async () => {
    expect((await t.call('POST', '/api/reporting/approvedStudent/list', { body: {} })).status).toBe(401);
    for (const token of [tokens.teacherA, tokens.studentA, tokens.parentA]) {
      expect((await staff('list', token)).status).toBe(403);
      expect((await staff('approve', token, { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(403);
      expect((await staff('decline', token, { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(403);
    }
  });

  it('refuses a bad status or page with 400', async () => {
    expect((await staff('list', tokens.adminA, { status: 'maybe' })).status).toBe(400);
    expect((await staff('list', tokens.adminA, { page: 0 })).status).toBe(400);
  });
});

describe('POST /api/reporting/approvedStudent/approve', () => {
  it('makes the student with their instruments, sends the invitation and records it', async () => {
    const { id, body } = await signUp({ first_name: 'Élodie', last_name: 'Marsh' });
    const res = await staff('approve', tokens.adminA, { id });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(SIGNUP_MESSAGES.approved);
    expect(res.body.data).toMatchObject({ _id: id, status: 'approved' });
    const studentId = res.body.data.studentId as string;
    const [student] = await inDb((tx) => tx.select().from(users).where(eq(users.id, studentId)));
    expect(student).toMatchObject({ role: 'student', adminId: a.adminId, email: body.email, firstName: 'Élodie', lastName: 'Marsh', passwordHash: null, cellPhone: '(206) 555-0142' });
    expect(student!.username).toMatch(/^elodie\.marsh\d*$/);
    const instruments = await inDb((tx) => tx.select().from(studentGenres).where(eq(studentGenres.studentId, studentId)));
    expect(instruments.map((i) => [i.genreId, i.level]).sort()).toEqual([[piano, 'beginner'], [cello, 'advanced']].sort());
    const [row] = await inDb((tx) => tx.select().from(studentSignups).where(eq(studentSignups.id, id)));
    expect(row).toMatchObject({ status: 'approved', studentId, decidedBy: a.admin.id });
    expect(row!.decidedAt).toBeInstanceOf(Date);
    const [invite] = await inDb((tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.userId, studentId), eq(emailMessages.kind, 'invitation'))));
    expect(invite?.toAddress).toBe(body.email);
    expect(invite?.textBody).toMatch(/http:\/\/cadenza\.test\/acceptinvitation\/\S+/);
    expect(invite?.textBody).toContain(`Your username is ${student!.username}.`);
    const [activity] = await inDb((tx) => tx.select().from(auditEvents).where(and(eq(auditEvents.action, 'signup.approved'), eq(auditEvents.targetUserId, studentId))));
    expect(activity).toMatchObject({ adminId: a.adminId, actorId: a.admin.id });
    // Decided once: a second approval or a decline is a conflict.
    expect((await staff('approve', tokens.adminA, { id })).status).toBe(409);
    expect((await staff('decline', tokens.adminA, { id })).status).toBe(409);
  });

  it('lets a subadmin approve', async () => {
    const { id } = await signUp();
    const res = await staff('approve', tokens.subadminA, { id });
    expect(res.status).toBe(200);
  });

  it('answers 409 with a clear message when a member of the school already uses the email, and changes nothing', async () => {
    const { id } = await signUp({ email: a.student.email.toUpperCase() });
    const res = await staff('approve', tokens.adminA, { id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SIGNUP_MESSAGES.emailInSchool);
    const [row] = await inDb((tx) => tx.select().from(studentSignups).where(eq(studentSignups.id, id)));
    expect(row!.status).toBe('pending');
  });

  it("answers 404 for another school's signup and for an unknown id", async () => {
    const { id } = await signUp();
    for (const path of ['approve', 'decline']) {
      const res = await staff(path, tokens.adminB, { id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SIGNUP_MESSAGES.notFound);
    }
    expect((await staff('approve', tokens.adminA, { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await staff('approve', tokens.adminA, { id: 'x' })).status).toBe(400);
    const [row] = await inDb((tx) => tx.select().from(studentSignups).where(eq(studentSignups.id, id)));
    expect(row!.status).toBe('pending');
  });
});

describe('POST /api/reporting/approvedStudent/decline', () => {
  it('marks the signup declined, makes no account and records it', async () => {
    const { id, body } = await signUp();
    const res = await staff('decline', tokens.adminA, { id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SIGNUP_MESSAGES.declined);
    expect(res.body.data).toMatchObject({ status: 'declined', studentId: null });
    const made = await inDb((tx) => tx.select().from(users).where(eq(users.email, body.email)));
    expect(made).toHaveLength(0);
    const [activity] = await inDb((tx) => tx.select().from(auditEvents).where(and(eq(auditEvents.action, 'signup.declined'), sql`${auditEvents.meta}->>'signupId' = ${id}`)));
    expect(activity).toMatchObject({ adminId: a.adminId, actorId: a.admin.id });
  });
});

describe('embedding', () => {
  it('lets any site frame the signup page, and no other page', async () => {
    const widget = await t.app.inject({ method: 'GET', url: `/studentSignup/${a.adminId}` });
    expect(widget.headers['x-frame-options']).toBeUndefined();
    expect(String(widget.headers['content-security-policy'])).toContain('frame-ancestors *');
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(login.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });
});

describe('signing up for a plan from the plan widget', () => {
  const addPlan = async (token: string, planName: string) => (await t.call('POST', '/api/studentBilling/addPlanBuilder', {
    token, body: { planName, price: '90', billingPeriod: 'monthly', lessonsPerPeriod: 4, lessonMinutes: 30, lessonType: 'private', instrumentId: piano, teacherIds: [] },
  })).body.data._id as string;

  it('names the plan on the page, keeps it with the signup, and the invitation leads to it', async () => {
    const planId = await addPlan(tokens.adminA, 'Violin 45 monthly');
    const school = await t.call('POST', '/api/student/studentSignupWidget/school', { body: { adminId: a.adminId, planId } });
    expect(school.body.data.plan).toEqual({ _id: planId, planName: 'Violin 45 monthly' });
    const plain = await t.call('POST', '/api/student/studentSignupWidget/school', { body: { adminId: a.adminId } });
    expect(plain.body.data.plan).toBeNull();

    const { id } = await signUp({ planId });
    const listed = await staff('list', tokens.adminA, { limit: 100 });
    expect(listed.body.data.results.find((s: { _id: string }) => s._id === id).plan).toEqual({ _id: planId, planName: 'Violin 45 monthly' });

    const approved = await staff('approve', tokens.adminA, { id });
    expect(approved.status, approved.body.message).toBe(200);
    const studentId = approved.body.data.studentId as string;
    const [invite] = await inDb((tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.userId, studentId), eq(emailMessages.kind, 'invitation'))));
    expect(invite?.textBody).toMatch(new RegExp(`/acceptinvitation/\\S+\\?next=${encodeURIComponent(`/plan-registration/${planId}`)}`));
    expect(invite?.textBody).toContain('It then opens Violin 45 monthly, the plan you chose, to pick a card and ask for it.');
  });

  it("refuses another school's plan or one no longer offered, and stores nothing", async () => {
    const theirs = await addPlan(tokens.adminB, 'Elsewhere');
    const gone = await addPlan(tokens.adminA, 'Gone soon');
    expect((await t.call('DELETE', '/api/studentBilling/deletePlanBuilder', { token: tokens.adminA, body: { planId: gone } })).status).toBe(200);
    for (const planId of [theirs, gone]) {
      const body = payload({ planId });
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ planId: SIGNUP_MESSAGES.planNotFound });
      expect(await inDb((tx) => tx.select().from(studentSignups).where(eq(studentSignups.email, body.email)))).toEqual([]);
      const page = await t.call('POST', '/api/student/studentSignupWidget/school', { body: { adminId: a.adminId, planId } });
      expect(page.body.data.plan).toBeNull();
    }
  });
});
