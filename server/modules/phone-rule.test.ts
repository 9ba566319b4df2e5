import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../test/factories.js';
import { genres } from '../db/schema/index.js';
import { PHONE_INVALID } from '../../shared/contracts/phone.js';

/**
 * Issue 10: one phone rule and one message on every call that takes a phone. "555" is refused
 * everywhere with 400 and the field's message; a valid US number is taken.
 */
let t: TestApp;
let a: TestSchool;
let admin: string;
let superToken: string;
let piano: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Phone Rule Academy' });
  admin = await sessionToken(t, a.admin.id);
  superToken = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
  piano = (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(genres))).find((g) => g.name === 'Piano')!.id;
});
afterAll(() => t.close());

const person = (extra: Record<string, unknown> = {}) => {
  const n = `ph${++seq}${Math.random().toString(36).slice(2, 6)}`;
  return { first_name: 'Robin', last_name: 'Hart', username: `u.${n}`, email: `${n}@example.test`, ...extra };
};
const school = (extra: Record<string, unknown> = {}) => {
  const n = `ph${++seq}${Math.random().toString(36).slice(2, 6)}`;
  return {
    first_name: 'Clara', last_name: 'Schumann', school_name: `Harmony ${n}`, username: `owner.${n}`, email: `owner.${n}@example.test`,
    working_phone: '(212) 555-0100', address1: '1 Lyric Way', city: 'Leipzig', state: 'Saxony', postal_code: '04109', country: 'United States',
    addrole: 'School', ...extra,
  };
};

function expectRefused(res: { status: number; body: { errors?: Record<string, string> } }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errors?.[field]).toBe(PHONE_INVALID);
}

describe('one phone rule', () => {
  const kinds = ['subadmins', 'teachers', 'students', 'parents'] as const;

  it.each(kinds)('members %s add refuses "555" and takes a US number', async (kind) => {
    expectRefused(await t.call('POST', `/api/member/${kind}/add`, { token: admin, body: person({ cellPhone: '555' }) }), 'cellPhone');
    const ok = await t.call('POST', `/api/member/${kind}/add`, { token: admin, body: person({ cellPhone: '(212) 555-0111' }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it.each(kinds)('members %s update refuses "555"', async (kind) => {
    const added = await t.call('POST', `/api/member/${kind}/add`, { token: admin, body: person() });
    expect(added.status).toBe(200);
    const { username: _u, ...rest } = person({ cellPhone: '555' });
    expectRefused(await t.call('POST', `/api/member/${kind}/update`, { token: admin, body: { ...rest, id: added.body.data._id } }), 'cellPhone');
  });

  it('a new parent typed in with a student is held to the same rule', async () => {
    const res = await t.call('POST', '/api/member/students/add', { token: admin, body: person({ newParent: person({ cellPhone: '555' }) }) });
    expectRefused(res, 'newParent.cellPhone');
  });

  it('schools add and update refuse "555"', async () => {
    expectRefused(await t.call('POST', '/api/school/privateteacher/add', { token: superToken, body: school({ working_phone: '555' }) }), 'working_phone');
    const added = await t.call('POST', '/api/school/privateteacher/add', { token: superToken, body: school() });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const { username: _u, ...rest } = school({ working_phone: '555' });
    expectRefused(await t.call('POST', '/api/school/privateteacher/update', { token: superToken, body: { ...rest, id: added.body.data._id } }), 'working_phone');
  });

  it('the signup widget refuses a number in the right shape that is no number, "(555) 555-5555"', async () => {
    const body = {
      first_name: 'Nora', last_name: 'Quill', email: `nora${++seq}@example.test`, cellPhone: '(555) 555-5555',
      genreId: [{ genreId: piano, level: 'beginner' }], adminId: a.adminId, role: 'student',
    };
    expectRefused(await t.call('POST', '/api/student/studentSignupWidget/add', { body, ip: '10.9.9.1' }), 'cellPhone');
    expectRefused(await t.call('POST', '/api/student/studentSignupWidget/add', { body: { ...body, cellPhone: '555' }, ip: '10.9.9.2' }), 'cellPhone');
  });

  it('the profile refuses "555" with the same message', async () => {
    const res = await t.call('POST', '/api/profile/updateProfile', {
      token: admin, body: { cellPhone: '555', address1: '1 Main St', city: 'Boston', state: 'MA', postal_code: '02101' },
    });
    expectRefused(res, 'cellPhone');
  });

  it('the CSV import preview marks a row whose phone or parent phone is "555"', async () => {
    const u = () => `imp${++seq}${Math.random().toString(36).slice(2, 6)}`;
    const [s1, s2, s3, p2] = [u(), u(), u(), u()];
    const csv = [
      'first_name,last_name,username,email,cellPhone,parent_first_name,parent_last_name,parent_email,parent_username,parent_cellPhone',
      `Ann,Lee,${s1},${s1}@example.test,555,,,,,`,
      `Ben,Lee,${s2},${s2}@example.test,(212) 555-0123,Pat,Lee,${p2}@example.test,${p2},555`,
      `Cal,Lee,${s3},${s3}@example.test,2125550124,,,,,`,
    ].join('\r\n');
    const res = await t.call('POST', '/api/member/students/import/preview', { token: admin, body: { csv } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.rows as { errors: Record<string, string> }[];
    expect(rows[0]!.errors).toEqual({ cellPhone: PHONE_INVALID });
    expect(rows[1]!.errors).toEqual({ parent_cellPhone: PHONE_INVALID });
    expect(rows[2]!.errors).toEqual({});
  });
});
