import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { tokensOf, type Tokens } from './test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  tok = await tokensOf(t, a);
  await createUser(t.db, 'teacher', a.adminId, { firstName: 'Zara', lastName: 'Quill' });
});
afterAll(() => t.close());

const filter = (token: string | undefined, type: string, value = '') => t.call('POST', '/api/auth/filter', { token, body: { type, value } });
const values = (res: { body: { data: { results: { value: string }[] } } }) => res.body.data.results.map((r) => r.value);

describe('POST /api/auth/filter', () => {
  it('offers the school’s teachers to staff, by name, searchable', async () => {
    const res = await filter(tok.subadmin, 'teacher');
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { value: a.teacher.id, label: 'Teacher Tester' },
      { value: expect.any(String), label: 'Zara Quill' },
    ]);
    expect((await filter(tok.admin, 'teacher', 'zara q')).body.data.results.map((r: { label: string }) => r.label)).toEqual(['Zara Quill']);
  });

  it('offers a teacher their own students and themselves as teacher', async () => {
    expect(values(await filter(tok.teacher, 'student'))).toEqual([a.student.id]);
    expect(values(await filter(tok.teacher, 'teacher'))).toEqual([a.teacher.id]);
    expect(values(await filter(tok.teacher, 'parent'))).toEqual([a.parent.id]);
    expect(values(await filter(tok.teacher, 'class'))).toEqual([a.classGroupId]);
  });

  it('offers a parent their children only, and a private teacher themselves as teacher', async () => {
    expect(values(await filter(tok.parent, 'student'))).toEqual([a.student.id]);
    const pt = await createSchool(t.db, { addrole: 'Private teacher' });
    expect(values(await filter(await sessionToken(t, pt.admin.id), 'teacher'))).toEqual([pt.admin.id]);
  });

  it('offers genres to anyone signed in, and never another school’s people', async () => {
    const genres = await filter(tok.student, 'genre', 'gui');
    expect(genres.body.data.results.map((r: { label: string }) => r.label)).toEqual(['Bass Guitar', 'Guitar']);
    const students = values(await filter(tok.admin, 'student'));
    expect(students).not.toContain(b.student.id);
    expect(students.sort()).toEqual([a.student.id, a.otherStudent.id].sort());
  });

  it('answers 403 for what the caller may not see, 401 without a session, 400 on a bad type', async () => {
    expect((await filter(tok.student, 'teacher')).status).toBe(403);
    expect((await filter(tok.parent, 'parent')).status).toBe(403);
    expect((await filter(undefined, 'genre')).status).toBe(401);
    expect((await filter(tok.admin, 'password')).status).toBe(400);
  });
});
