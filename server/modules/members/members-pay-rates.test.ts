import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { createUser } from '../../test/factories.js';
import { sessionToken, type TestApp } from '../../test/test-app.js';
import type { TestSchool } from '../../test/factories.js';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members.js';
import { memberCalls, membersWorld, personForm, type Tokens } from './test-kit.js';

/**
 * Teachers' pay rates follow the payroll right everywhere (issue 26): a sub-admin without it
 * neither reads them (list, profile, the answers of add/update/status, export) nor sets them.
 */
let t: TestApp;
let a: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;
let g: Record<string, string>;
let payrollSub: string;
let teacherId: string;
let teacherForm: Record<string, unknown>;

beforeAll(async () => {
  ({ t, api, a, tok, g } = await membersWorld());
  payrollSub = await sessionToken(t, (await createUser(t.db, 'subadmin', a.adminId, { allowPayrollReport: true })).id);
  const form: Record<string, unknown> = personForm('rate', { genreIds: [g.Piano], private_rate: 35, class_group_rate: 20.5 });
  teacherId = (await api.add('teachers', tok.admin, form))._id;
  const { username: _username, private_rate: _p, class_group_rate: _c, ...rest } = form;
  teacherForm = { ...rest, id: teacherId };
});
afterAll(() => t.close());

const RATE_KEYS = ['private_rate', 'class_group_rate'];
const ratesAsAdmin = async () => {
  const res = await api.call('GET', `/teachers/view/${teacherId}`, tok.admin);
  return { private_rate: res.body.data.private_rate, class_group_rate: res.body.data.class_group_rate };
};
const exportHeader = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/member/teachers/export', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return { header: res.body.split('\r\n')[0]!, body: res.body };
};

describe('a sub-admin without the payroll right', () => {
  it('reads no rate in the teachers’ list, profile and export', async () => {
    const list = await api.list('teachers', tok.subadmin);
    expect(list.status).toBe(200);
    expect(list.body.data.results.length).toBeGreaterThan(0);
    for (const row of list.body.data.results) for (const key of RATE_KEYS) expect(row, key).not.toHaveProperty(key);
    const profile = await api.call('GET', `/teachers/view/${teacherId}`, tok.subadmin);
    expect(profile.status).toBe(200);
    expect(profile.body.data.genres).toEqual([{ _id: g.Piano, name: 'Piano' }]);
    for (const key of RATE_KEYS) expect(profile.body.data).not.toHaveProperty(key);
    const { header, body } = await exportHeader(tok.subadmin);
    expect(header).toBe('First Name,Last Name,Username,Email,Phone,Status,Instruments,Students,Created At');
    expect(body).not.toContain('35.00');
  });

  it('is refused (403) a rate on add and on update, and nothing changes', async () => {
    const added = personForm('nopay', { private_rate: 50 });
    const add = await api.call('POST', '/teachers/add', tok.subadmin, added);
    expect(add.body).toMatchObject({ status: 403, message: MEMBER_MESSAGES.payRatesPayroll });
    expect(await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.username, String(added.username))))).toEqual([]);

    for (const rates of [{ private_rate: 99 }, { class_group_rate: 0 }, { private_rate: 35, class_group_rate: 20.5 }]) {
      const res = await api.call('POST', '/teachers/update', tok.subadmin, { ...teacherForm, last_name: 'Changed', ...rates });
      expect(res.body, JSON.stringify(rates)).toMatchObject({ status: 403, message: MEMBER_MESSAGES.payRatesPayroll });
    }
    expect(await ratesAsAdmin()).toEqual({ private_rate: 35, class_group_rate: 20.5 });
    expect((await api.call('GET', `/teachers/view/${teacherId}`, tok.admin)).body.data.last_name).toBe('Hart');
  });

  it('still adds and edits teachers without rates: an edit keeps the rates, a new teacher starts at 0', async () => {
    const res = await api.call('POST', '/teachers/update', tok.subadmin, { ...teacherForm, genreIds: [g.Guitar] });
    expect(res.status).toBe(200);
    for (const key of RATE_KEYS) expect(res.body.data).not.toHaveProperty(key);
    expect(await ratesAsAdmin()).toEqual({ private_rate: 35, class_group_rate: 20.5 });
    const added = await api.add('teachers', tok.subadmin, personForm('norate'));
    for (const key of RATE_KEYS) expect(added).not.toHaveProperty(key);
    const view = await api.call('GET', `/teachers/view/${added._id}`, tok.admin);
    expect(view.body.data).toMatchObject({ private_rate: 0, class_group_rate: 0 });
    const status = await api.call('POST', '/teachers/changeStatus', tok.subadmin, { id: added._id, status: false });
    expect(status.status).toBe(200);
    for (const key of RATE_KEYS) expect(status.body.data).not.toHaveProperty(key);
    const profile = await api.call('GET', `/profile/${teacherId}`, tok.subadmin);
    expect(profile.status).toBe(200);
    for (const key of RATE_KEYS) expect(profile.body.data).not.toHaveProperty(key);
  });
});

describe('the payroll right', () => {
  it('reads and sets the rates: the admin and a sub-admin with the right; each field alone', async () => {
    const list = await api.list('teachers', payrollSub, { search: 'Hart' });
    expect(list.body.data.results.find((r: { _id: string }) => r._id === teacherId)).toMatchObject({ private_rate: 35, class_group_rate: 20.5 });
    expect((await exportHeader(payrollSub)).header).toBe('First Name,Last Name,Username,Email,Phone,Status,Instruments,Private Rate,Class/Group Rate,Students,Created At');
    const res = await api.call('POST', '/teachers/update', payrollSub, { ...teacherForm, class_group_rate: 22 });
    expect(res.body.data).toMatchObject({ private_rate: 35, class_group_rate: 22 });
    expect((await api.call('POST', '/teachers/update', tok.admin, { ...teacherForm, private_rate: 40 })).body.data).toMatchObject({ private_rate: 40, class_group_rate: 22 });
  });

  it('is not a teacher’s: their own profile shows no rates', async () => {
    const profile = await api.call('GET', `/profile/${teacherId}`, await sessionToken(t, teacherId));
    expect(profile.status).toBe(200);
    for (const key of RATE_KEYS) expect(profile.body.data).not.toHaveProperty(key);
  });
});
