import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchoolWithGroupStudent, type TestSchoolWithGroup } from '../../test/factories.js';

let t: TestApp;
let a: TestSchoolWithGroup;
let b: TestSchoolWithGroup;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchoolWithGroupStudent(t.db);
  b = await createSchoolWithGroupStudent(t.db);
  teacher = await sessionToken(t, a.teacher.id);
});
afterAll(() => t.close());

const studentsList = async (token: string) => (await t.call('POST', '/api/member/students/list', { token, body: { limit: 100 } })).body.data;
const figure = async (token: string, key: string) => {
  const res = await t.call('GET', '/api/dashboard/getDashboard', { token });
  return (res.body.data.figures as { key: string; value: number }[]).find((f) => f.key === key)?.value;
};

/** Issue 9 item 3: one answer to "who relates to whom", so these three agree. */
describe('a student who is only in the teacher\'s class/group', () => {
  it('is the teacher\'s student in the Students list, the dashboard count and login-as alike', async () => {
    const list = await studentsList(teacher);
    const ids = (list.results as { _id: string }[]).map((r) => r._id);
    expect(ids.sort()).toEqual([a.student.id, a.groupStudent.id].sort());
    expect(await figure(teacher, 'activeStudents')).toBe(list.totalCount);

    const candidates = await t.call('POST', '/api/auth/loginAsCandidates', { token: teacher, body: { limit: 100 } });
    expect((candidates.body.data.results as { _id: string }[]).map((r) => r._id).sort()).toEqual(ids.sort());
    const res = await t.call('POST', '/api/auth/local/loginas', { token: teacher, body: { userId: a.groupStudent.id } });
    expect(res.status).toBe(200);
  });

  it('has the group\'s teacher among their teachers on their dashboard', async () => {
    expect(await figure(await sessionToken(t, a.groupStudent.id), 'teachers')).toBe(1);
  });

  it('is not the student of another teacher, nor of another school\'s', async () => {
    expect((await t.call('POST', '/api/auth/local/loginas', { token: teacher, body: { userId: a.otherStudent.id } })).status).toBe(403);
    expect((await t.call('POST', '/api/auth/local/loginas', { token: teacher, body: { userId: b.groupStudent.id } })).status).toBe(404);
  });
});
