import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser } from '../../test/factories.js';
import { memberReach, type MemberAction, type MemberActor } from '../../policies/members.js';
import { PERSON_KINDS, ROLE_OF_KIND } from '../../../shared/contracts/members.js';

let t: TestApp;
const actors: { name: string; actor: MemberActor; token: string }[] = [];
const MISSING = '00000000-0000-4000-8000-000000000000';

/** Each call with the action the policy names for it; bodies are empty, so an allowed call answers 400 or 404, never 403. */
const CALLS: [MemberAction, 'GET' | 'POST' | 'DELETE', string, boolean][] = [
  ['list', 'POST', 'list', false],
  ['create', 'POST', 'add', false],
  ['update', 'POST', 'update', false],
  ['changeStatus', 'POST', 'changeStatus', false],
  ['delete', 'DELETE', 'remove', false],
  ['view', 'GET', `view/${MISSING}`, false],
  ['export', 'GET', 'export', false],
  ['updateInstruments', 'POST', 'updateInstruments', true],
  ['import', 'POST', 'import/preview', true],
  ['import', 'POST', 'import', true],
];

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSchool(t.db);
  const pt = await createSchool(t.db, { addrole: 'Private teacher' });
  const superadmin = await createUser(t.db, 'superadmin', null);
  const add = async (name: string, id: string, role: MemberActor['role'], adminId: string | null, addrole: string | null = null) =>
    actors.push({ name, actor: { id, role, adminId, addrole }, token: await sessionToken(t, id) });
  await add('superadmin', superadmin.id, 'superadmin', null);
  await add('admin', s.admin.id, 'admin', s.adminId, 'School');
  await add('private teacher', pt.admin.id, 'admin', pt.adminId, 'Private teacher');
  await add('subadmin', s.subadmin.id, 'subadmin', s.adminId);
  await add('teacher', s.teacher.id, 'teacher', s.adminId);
  await add('student', s.student.id, 'student', s.adminId);
  await add('parent', s.parent.id, 'parent', s.adminId);
});
afterAll(() => t.close());

describe('every members call follows the policy’s matrix (403 exactly where it grants nothing)', () => {
  for (const kind of PERSON_KINDS) {
    it(`/api/member/${kind}/*`, async () => {
      const mismatches: string[] = [];
      for (const { name, actor, token } of actors) {
        for (const [action, method, path, studentsOnly] of CALLS) {
          if (studentsOnly && kind !== 'students') continue;
          // Raw, not `t.call`: the export answers CSV.
          const res = await rawCall(t, method, `/api/member/${kind}/${path}`, { token, ...(method === 'GET' ? {} : { body: {} }) });
          const allowed = memberReach(actor, action, ROLE_OF_KIND[kind]) !== null;
          if ((res.status === 403) === allowed || res.status === 401) mismatches.push(`${name} ${method} ${path}: ${res.status}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});
