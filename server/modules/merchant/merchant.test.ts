import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { auditEvents, merchantAccounts, schools } from '../../db/schema/index.js';
import { MERCHANT_MESSAGES } from '../../../shared/contracts/merchant.js';
import { createSecretBox } from '../../lib/secret-box.js';

const KEY = randomBytes(32);
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let superToken: string;
let tokens: Record<'adminA' | 'subadminA' | 'teacherA' | 'studentA' | 'parentA' | 'adminB', string>;

beforeAll(async () => {
  t = await createTestApp({ ENCRYPTION_KEY: KEY.toString('base64') });
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  superToken = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
  tokens = {
    adminA: await sessionToken(t, a.admin.id),
    subadminA: await sessionToken(t, a.subadmin.id),
    teacherA: await sessionToken(t, a.teacher.id),
    studentA: await sessionToken(t, a.student.id),
    parentA: await sessionToken(t, a.parent.id),
    adminB: await sessionToken(t, b.admin.id),
  };
});
afterAll(() => t.close());

const save = (token: string | undefined, body: unknown) => t.call('POST', '/api/merchant/save', { token, body });
const get = (token: string | undefined, body: unknown = {}) => t.call('POST', '/api/merchant/get', { token, body });
const form = (extra: Record<string, unknown> = {}) => ({
  gateway: 'authorizenet', environment: 'sandbox', apiLoginId: '5KP3u95bQpv', transactionKey: '346HZ32z3fP4hTG2', publicClientKey: '', ...extra,
});
const rowOf = async (adminId: string) =>
  (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(merchantAccounts).where(eq(merchantAccounts.adminId, adminId))))[0];

describe('POST /api/merchant/get', () => {
  it('answers "not configured" for a school without an account', async () => {
    const school = await createSchool(t.db);
    const res = await get(superToken, { adminId: school.adminId });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      configured: false, gateway: null, environment: null, apiLoginIdMasked: null, transactionKeyMasked: null, publicClientKey: '', updatedAt: null,
    });
  });
});

describe('POST /api/merchant/save', () => {
  it('the superadmin saves a school\'s account: sealed in the database, masked in every answer', async () => {
    const res = await save(superToken, { ...form(), adminId: a.adminId });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Merchant information save successfully.');
    expect(res.body.data).toMatchObject({
      configured: true, gateway: 'authorizenet', environment: 'sandbox', apiLoginIdMasked: '••••bQpv',
      transactionKeyMasked: '••••hTG2', publicClientKey: '',
    });
    expect(JSON.stringify(res.body)).not.toContain('346HZ32z3fP4hTG2');
    expect(JSON.stringify(res.body)).not.toContain('5KP3u95bQpv');

    const row = await rowOf(a.adminId);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('346HZ32z3fP4hTG2');
    expect(stored).not.toContain('5KP3u95bQpv');
    const box = createSecretBox(KEY);
    expect(box.open(row!.transactionKeyEncrypted)).toBe('346HZ32z3fP4hTG2');
    expect(box.open(row!.apiLoginIdEncrypted)).toBe('5KP3u95bQpv');

    const read = await get(tokens.adminA);
    expect(read.body.data).toMatchObject({ configured: true, apiLoginIdMasked: '••••bQpv', transactionKeyMasked: '••••hTG2' });
    expect(JSON.stringify(read.body)).not.toContain('346HZ32z3fP4hTG2');

    const [activity] = await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(auditEvents).where(and(eq(auditEvents.adminId, a.adminId), eq(auditEvents.action, 'merchant.saved'))));
    expect(activity).toBeDefined();
    expect(JSON.stringify(activity!.meta)).not.toContain('346HZ32z3fP4hTG2');
    expect(JSON.stringify(activity!.meta)).not.toContain('5KP3u95bQpv');
  });

  it('requires both keys on the first save', async () => {
    const school = await createSchool(t.db);
    const res = await save(superToken, { ...form({ apiLoginId: '', transactionKey: '' }), adminId: school.adminId });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ apiLoginId: MERCHANT_MESSAGES.apiLoginIdRequired, transactionKey: MERCHANT_MESSAGES.transactionKeyRequired });
    expect(await rowOf(school.adminId)).toBeUndefined();
  });

  it('keeps the stored keys when a later save leaves them empty, and replaces the one given', async () => {
    const school = await createSchool(t.db);
    const token = await sessionToken(t, school.admin.id);
    expect((await save(token, form())).status).toBe(200);
    const before = await rowOf(school.adminId);
    const res = await save(token, form({ apiLoginId: '', transactionKey: '', environment: 'production', publicClientKey: 'Pk123' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ environment: 'production', publicClientKey: 'Pk123', transactionKeyMasked: '••••hTG2' });
    const kept = await rowOf(school.adminId);
    expect(kept!.transactionKeyEncrypted).toBe(before!.transactionKeyEncrypted);
    expect(kept!.apiLoginIdEncrypted).toBe(before!.apiLoginIdEncrypted);
    const replaced = await save(token, form({ apiLoginId: '', transactionKey: 'ABCDEFGH12345678' }));
    expect(replaced.body.data.transactionKeyMasked).toBe('••••5678');
    expect((await rowOf(school.adminId))!.apiLoginIdEncrypted).toBe(before!.apiLoginIdEncrypted);
  });

  it.each([
    ['gateway', { gateway: 'paypal' }, 'Gateway is Required'],
    ['environment', { environment: '' }, 'Environment is Required'],
    ['apiLoginId', { apiLoginId: 'has space' }, MERCHANT_MESSAGES.apiLoginIdInvalid],
    ['apiLoginId', { apiLoginId: 'A'.repeat(26) }, MERCHANT_MESSAGES.apiLoginIdInvalid],
    ['apiLoginId', { apiLoginId: 'Ab12' }, MERCHANT_MESSAGES.apiLoginIdInvalid],
    ['transactionKey', { transactionKey: 'short' }, MERCHANT_MESSAGES.transactionKeyInvalid],
    ['transactionKey', { transactionKey: '346HZ32z3fP4hTG2!' }, MERCHANT_MESSAGES.transactionKeyInvalid],
    ['publicClientKey', { publicClientKey: 'bad key!' }, MERCHANT_MESSAGES.publicClientKeyInvalid],
  ])('refuses a bad %s with its message and changes nothing', async (field, extra, message) => {
    const before = await rowOf(a.adminId);
    const res = await save(tokens.adminA, form(extra));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
    expect(res.body.message).not.toContain('346HZ32z3fP4hTG2');
    expect(await rowOf(a.adminId)).toEqual(before);
  });

  it('asks the superadmin to name a school, and answers 404 for a missing or removed one', async () => {
    const res = await save(superToken, form());
    expect(res.status).toBe(400);
    expect(res.body.errors?.adminId).toBe(MERCHANT_MESSAGES.schoolRequired);
    expect((await save(superToken, { ...form(), adminId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await get(superToken, { adminId: a.student.id })).status).toBe(404);
    const removed = await createSchool(t.db);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ deletedAt: new Date() }).where(eq(schools.adminId, removed.adminId)));
    expect((await get(superToken, { adminId: removed.adminId })).status).toBe(404);
  });

  it("answers 404 to an admin naming another school, and never touches it", async () => {
    const before = await rowOf(a.adminId);
    expect((await save(tokens.adminB, { ...form(), adminId: a.adminId })).status).toBe(404);
    expect((await get(tokens.adminB, { adminId: a.adminId })).status).toBe(404);
    expect(await rowOf(a.adminId)).toEqual(before);
  });

  it('answers 401 without a session and 403 to subadmins, teachers, students and parents', async () => {
    expect((await save(undefined, form())).status).toBe(401);
    expect((await get(undefined)).status).toBe(401);
    for (const token of [tokens.subadminA, tokens.teacherA, tokens.studentA, tokens.parentA]) {
      expect((await save(token, form())).status).toBe(403);
      expect((await get(token)).status).toBe(403);
    }
    const [n] = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from merchant_accounts where admin_id = ${a.adminId}`).then((r) => r.rows));
    expect(Number(n!.n)).toBe(1);
  });
});
