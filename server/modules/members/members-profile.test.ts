import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToken, type TestApp } from '../../test/test-app.js';
import { createUser, type TestSchool } from '../../test/factories.js';
import { families, familyMembers } from '../../db/schema/index.js';
import { memberCalls, membersWorld, type Tokens } from './test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;

beforeAll(async () => {
  ({ t, api, a, b, tok } = await membersWorld());
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    const [f] = await tx.insert(families).values({ adminId: a.adminId, name: 'Tester Family' }).returning();
    await tx.insert(familyMembers).values([{ adminId: a.adminId, familyId: f!.id, userId: a.student.id }, { adminId: a.adminId, familyId: f!.id, userId: a.parent.id }]);
  });
});
afterAll(() => t.close());

const profile = (id: string, token?: string) => api.call('GET', `/profile/${id}`, token);

describe('GET /api/member/profile/{id}', () => {
  it('shows a student to staff with address, groups, families and the right to edit', async () => {
    const res = await profile(a.student.id, tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: a.student.id, role: 'student', address1: '', postal_code: '',
      classGroups: [], families: [{ name: 'Tester Family' }],
      teachers: [{ _id: a.teacher.id }], parents: [{ _id: a.parent.id }], canEdit: true, canEditInstruments: true,
    });
    expect(res.body.data.passwordHash).toBeUndefined();
  });

  it('shows a teacher their groups', async () => {
    const res = await profile(a.teacher.id, tok.subadmin);
    expect(res.body.data).toMatchObject({ role: 'teacher', classGroups: [{ _id: a.classGroupId, name: 'Test Ensemble' }], canEdit: true });
  });

  it('lets a teacher see their own students and those students’ parents, editing instruments only', async () => {
    const res = await profile(a.student.id, tok.teacher);
    expect(res.body.data).toMatchObject({ canEdit: false, canEditInstruments: true });
    expect((await profile(a.parent.id, tok.teacher)).status).toBe(200);
    expect((await profile(a.otherStudent.id, tok.teacher)).status).toBe(403);
    expect((await profile(a.subadmin.id, tok.teacher)).status).toBe(403);
  });

  it('lets a parent see their children and themselves, a student themselves', async () => {
    expect((await profile(a.student.id, tok.parent)).body.data).toMatchObject({ canEdit: false, canEditInstruments: false });
    expect((await profile(a.parent.id, tok.parent)).status).toBe(200);
    expect((await profile(a.otherStudent.id, tok.parent)).status).toBe(403);
    expect((await profile(a.student.id, tok.student)).status).toBe(200);
    expect((await profile(a.otherStudent.id, tok.student)).status).toBe(403);
    expect((await profile(a.teacher.id, tok.student)).status).toBe(403);
  });

  it('answers 404 for another school’s person or the school’s owner, 401 without a session', async () => {
    expect((await profile(b.student.id, tok.admin)).status).toBe(404);
    expect((await profile(b.student.id, tok.teacher)).status).toBe(404);
    expect((await profile(a.admin.id, tok.subadmin)).status).toBe(404);
    expect((await profile(a.student.id)).status).toBe(401);
    expect((await profile('nope', tok.admin)).status).toBe(400);
  });

  it('lets the superadmin see anyone', async () => {
    const superadmin = await createUser(t.db, 'superadmin', null);
    const res = await profile(b.parent.id, await sessionToken(t, superadmin.id));
    expect(res.body.data).toMatchObject({ _id: b.parent.id, children: [{ _id: b.student.id }], canEdit: true });
  });
});

describe('GET /api/member/{kind}/view/{id}', () => {
  it('shows a person of that list', async () => {
    const res = await api.call('GET', `/parents/view/${a.parent.id}`, tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: a.parent.id, children: [{ _id: a.student.id }], families: [{ name: 'Tester Family' }] });
  });

  it('answers 404 for another kind or school, 403 by role, 401', async () => {
    expect((await api.call('GET', `/parents/view/${a.student.id}`, tok.admin)).status).toBe(404);
    expect((await api.call('GET', `/students/view/${b.student.id}`, tok.admin)).status).toBe(404);
    expect((await api.call('GET', `/subadmins/view/${a.subadmin.id}`, tok.subadmin)).status).toBe(403);
    expect((await api.call('GET', `/students/view/${a.otherStudent.id}`, tok.teacher)).status).toBe(403);
    expect((await api.call('GET', `/students/view/${a.student.id}`, tok.teacher)).status).toBe(200);
    expect((await api.call('GET', `/students/view/${a.student.id}`, undefined)).status).toBe(401);
  });
});
