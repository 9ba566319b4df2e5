import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tok = {} as Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'adminB' | 'superadmin', string>;

const get = (token?: string) => t.call('GET', '/api/billing/settings', { token });
const save = (token: string | undefined, body: unknown) => t.call('POST', '/api/billing/settings', { token, body });
const valid = { currency: 'USD', defaultDueDays: 10, lateFee: '15.50', lateFeeAfterDays: 5 };
const rowsOf = async () => (await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select admin_id, default_due_days, late_fee_cents, late_fee_after_days from billing_settings order by admin_id`))).rows;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  const superadmin = await createUser(t.db, 'superadmin', null);
  Object.assign(tok, {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), adminB: await sessionToken(t, b.admin.id),
    superadmin: await sessionToken(t, superadmin.id),
  });
});
afterAll(() => t.close());

describe('/api/billing/settings', () => {
  it('answers the defaults while the school has saved none', async () => {
    const res = await get(tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ currency: 'USD', defaultDueDays: 14, lateFee: 0, lateFeeAfterDays: 7, canEdit: true });
  });

  it('saves the admin’s settings for their school alone, and records it', async () => {
    const res = await save(tok.admin, valid);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Billing settings saved');
    expect(res.body.data).toEqual({ currency: 'USD', defaultDueDays: 10, lateFee: 15.5, lateFeeAfterDays: 5, canEdit: true });
    expect((await get(tok.admin)).body.data.lateFee).toBe(15.5);
    expect((await get(tok.adminB)).body.data.lateFee).toBe(0);
    // Saved again: still one row, the new values.
    await save(tok.admin, { ...valid, lateFee: 0, defaultDueDays: '30' });
    expect(await rowsOf()).toEqual([{ admin_id: a.adminId, default_due_days: 30, late_fee_cents: 0, late_fee_after_days: 5 }]);
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from audit_events where action = 'billing.settingsSaved' and admin_id = ${a.adminId}`));
    expect(rows[0]!.n).toBe(2);
  });

  it('lets a sub-admin read but not save', async () => {
    expect((await get(tok.subadmin)).body.data).toMatchObject({ defaultDueDays: 30, canEdit: false });
    expect((await save(tok.subadmin, valid)).status).toBe(403);
  });

  it('answers 403 to every other role and 401 without a session', async () => {
    for (const token of [tok.teacher, tok.student, tok.parent, tok.superadmin]) {
      expect((await get(token)).status).toBe(403);
      expect((await save(token, valid)).status).toBe(403);
    }
    expect((await get()).status).toBe(401);
    expect((await save(undefined, valid)).status).toBe(401);
  });

  it('refuses bad input with a message by field, changing nothing', async () => {
    const before = await rowsOf();
    const res = await save(tok.admin, { currency: 'EUR', defaultDueDays: 400, lateFee: '-1', lateFeeAfterDays: 0 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      currency: 'Please choose a currency',
      defaultDueDays: 'Please enter a number of days from 0 to 365',
      lateFee: 'Please enter an amount between 0 and 100000',
      lateFeeAfterDays: 'Please enter a number of days from 1 to 365',
    });
    expect((await save(tok.admin, { ...valid, lateFee: '1.234' })).body.errors).toEqual({ lateFee: 'Please enter at most two decimals' });
    expect((await save(tok.admin, { ...valid, defaultDueDays: '2.5' })).body.errors).toEqual({ defaultDueDays: 'Please enter a number of days from 0 to 365' });
    expect((await save(tok.admin, { ...valid, lateFeeAfterDays: '' })).body.errors).toEqual({ lateFeeAfterDays: 'Please enter a number of days from 1 to 365' });
    expect(await rowsOf()).toEqual(before);
  });
});
