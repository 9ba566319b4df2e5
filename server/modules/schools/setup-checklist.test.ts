import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { merchantAccounts, rooms, schools, studentSignups } from '../../db/schema/index.js';
import { SETUP_MESSAGES, SETUP_STEPS } from '../../../shared/contracts/school-setup.js';

let t: TestApp;
let school: TestSchool;
let other: TestSchool;
let tokens: Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'superadmin' | 'otherAdmin', string>;

const all = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;
const read = (token: string, adminId = school.adminId) => t.call('GET', `/api/school/setupChecklist/${adminId}`, { token });
const dismiss = (token: string, adminId: unknown = school.adminId) => t.call('POST', '/api/school/setupChecklist/dismiss', { token, body: { adminId } });
const doneOf = async (token = tokens.admin) => Object.fromEntries(((await read(token)).body.data.steps as { key: string; done: boolean }[]).map((s) => [s.key, s.done]));

beforeAll(async () => {
  t = await createTestApp();
  // A new school: none of its steps done yet (the factory's school has no details, rooms or lessons).
  const bare = await createUser(t.db, 'admin', null, { addrole: 'School' });
  await all((tx) => tx.insert(schools).values({ adminId: bare.id, schoolName: 'Bare School' }));
  school = { adminId: bare.id, admin: bare } as TestSchool;
  const full = await createSchool(t.db);
  other = await createSchool(t.db);
  const subadmin = await createUser(t.db, 'subadmin', bare.id);
  const superadmin = await createUser(t.db, 'superadmin', null);
  tokens = {
    admin: await sessionToken(t, bare.id), subadmin: await sessionToken(t, subadmin.id),
    teacher: await sessionToken(t, full.teacher.id), student: await sessionToken(t, full.student.id), parent: await sessionToken(t, full.parent.id),
    superadmin: await sessionToken(t, superadmin.id), otherAdmin: await sessionToken(t, other.admin.id),
  };
  // The teacher, student and parent above are of another school: for the role rules, the bare school's own.
  const [teacher, student, parent] = [await createUser(t.db, 'teacher', bare.id), await createUser(t.db, 'student', bare.id), await createUser(t.db, 'parent', bare.id)];
  tokens.teacher = await sessionToken(t, teacher.id);
  tokens.student = await sessionToken(t, student.id);
  tokens.parent = await sessionToken(t, parent.id);
});
afterAll(() => t.close());

describe('the setup checklist (decision 076)', () => {
  it('lists each step with its link, ticked from the school’s own rows', async () => {
    const res = await read(tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.steps.map((s: { key: string }) => s.key)).toEqual([...SETUP_STEPS]);
    expect(res.body.data.steps.find((s: { key: string }) => s.key === 'rooms')).toMatchObject({ title: 'Add your rooms', link: '/schedulings' });
    expect(res.body.data.dismissedAt).toBeNull();
    // The role rules' fixture added a teacher and a student to the bare school: those two are done.
    expect(await doneOf()).toEqual({ details: false, rooms: false, teachers: true, students: true, merchant: false, firstLesson: false, signupWidget: false });

    await all(async (tx) => {
      await tx.update(schools).set({ workingPhone: '(617) 555-0199', address1: '1 Main St', city: 'Boston', state: 'MA', postalCode: '02101', country: 'US' })
        .where(eq(schools.adminId, school.adminId));
      await tx.insert(rooms).values({ adminId: school.adminId, roomName: 'Studio A' });
      await tx.insert(merchantAccounts).values({
        adminId: school.adminId, gateway: 'authorizenet', environment: 'sandbox', apiLoginIdEncrypted: 'x', apiLoginIdLast4: '1234',
        transactionKeyEncrypted: 'x', transactionKeyLast4: '5678',
      });
      await tx.insert(studentSignups).values({ adminId: school.adminId, firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.test', cellPhone: '(617) 555-0100', genres: [] });
    });
    expect(await doneOf()).toEqual({ details: true, rooms: true, teachers: true, students: true, merchant: true, firstLesson: false, signupWidget: true });
    // A room removed unticks its step: the steps are read, never stored.
    await all((tx) => tx.delete(rooms).where(eq(rooms.adminId, school.adminId)));
    expect((await doneOf()).rooms).toBe(false);
  });

  it('a private teacher (a school of one) has no teachers step', async () => {
    const solo = await createUser(t.db, 'admin', null, { addrole: 'Private teacher' });
    await all((tx) => tx.insert(schools).values({ adminId: solo.id, schoolName: 'Solo' }));
    const res = await read(await sessionToken(t, solo.id), solo.id);
    expect(res.body.data.steps.map((s: { key: string }) => s.key)).not.toContain('teachers');
  });

  it('is read by the school’s admin and sub-admin; teachers, students, parents and the provider are refused', async () => {
    expect((await read(tokens.subadmin)).status).toBe(200);
    for (const role of ['teacher', 'student', 'parent', 'superadmin'] as const) {
      expect((await read(tokens[role])).status, role).toBe(403);
      expect((await dismiss(tokens[role])).status, role).toBe(403);
    }
    expect((await dismiss(tokens.subadmin)).status).toBe(403);
  });

  it('answers another school’s id as unknown (404), and a bad id 400, changing nothing', async () => {
    for (const res of [await read(tokens.otherAdmin), await dismiss(tokens.otherAdmin)]) {
      expect(res.body).toMatchObject({ status: 404, message: SETUP_MESSAGES.notFound });
    }
    expect((await read(tokens.admin, other.adminId)).status).toBe(404);
    expect((await dismiss(tokens.admin, 'not-an-id')).status).toBe(400);
    expect((await t.call('POST', '/api/school/setupChecklist/dismiss', { token: tokens.admin, body: {} })).status).toBe(400);
    expect((await t.call('GET', '/api/school/setupChecklist/not-an-id', { token: tokens.admin })).status).toBe(400);
    const [row] = await all<{ at: Date | null }[]>((tx) => tx.select({ at: schools.setupChecklistDismissedAt }).from(schools).where(eq(schools.adminId, school.adminId)));
    expect(row!.at).toBeNull();
  });

  it('is dismissed by the admin, for the whole school, once', async () => {
    const res = await dismiss(tokens.admin);
    expect(res.body).toMatchObject({ status: 200, message: SETUP_MESSAGES.dismissed });
    const at = res.body.data.dismissedAt as string;
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await read(tokens.subadmin)).body.data.dismissedAt).toBe(at);
    expect((await dismiss(tokens.admin)).body.data.dismissedAt).toBe(at);
    // The other school's is untouched.
    expect((await read(tokens.otherAdmin, other.adminId)).body.data.dismissedAt).toBeNull();
  });
});
