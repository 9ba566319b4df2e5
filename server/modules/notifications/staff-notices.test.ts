import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { emailMessages, notifications } from '../../db/schema/index.js';
import { notifyPeople, providerIds, schoolOfficeIds, type NotifyInput } from './index.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let provider: string;
const call = async (path: string, userId: string, body: object = {}) => t.call('POST', `/api/notification/${path}`, { token: await sessionToken(t, userId), body });
const notify = (s: TestSchool, input: Omit<NotifyInput, 'adminId'>) =>
  t.db.transaction({ kind: 'school', adminId: s.adminId }, (tx) => notifyPeople(tx, { adminId: s.adminId, ...input }));
const rowsOf = (userId: string) => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(notifications).where(eq(notifications.userId, userId)));
const mailsOf = (userId: string, kind: string) => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.userId, userId), eq(emailMessages.kind, kind))));

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  provider = (await createUser(t.db, 'superadmin', null)).id;
});
afterAll(() => t.close());

describe('who is told (decision 083)', () => {
  it('the office is the school\'s admin and sub-admins, never another school\'s; the provider is seen from a school\'s transaction', async () => {
    const office = await t.db.transaction({ kind: 'school', adminId: a.adminId }, (tx) => schoolOfficeIds(tx, a.adminId));
    expect(office.sort()).toEqual([a.admin.id, a.subadmin.id].sort());
    expect(office).not.toContain(b.admin.id);
    const told = await t.db.transaction({ kind: 'school', adminId: a.adminId }, async (tx) =>
      notifyPeople(tx, { adminId: a.adminId, userIds: await providerIds(tx), kind: 'support-request', title: 'Support request: more rooms', email: { appUrl: 'https://app.test' } }));
    expect(told).toEqual([provider]);
    const [mail] = await mailsOf(provider, 'support-request');
    expect(mail).toMatchObject({ subject: 'Support request: more rooms', toAddress: expect.stringContaining('@') });
    // Another school's people are out of sight: nothing is made for them.
    expect(await notify(a, { userIds: [b.admin.id], kind: 'payment-received', title: 'Stray' })).toEqual([]);
  });
});

describe('preferences', () => {
  it('offers a role its categories with the defaults, saves them, refuses one not offered', async () => {
    const got = await call('getPreferences', a.teacher.id);
    expect(got.status).toBe(200);
    const categories = (got.body.data.preferences as { category: string }[]).map((p) => p.category);
    expect(categories).toContain('schedule');
    expect(categories).not.toContain('payments');
    expect(got.body.data.preferences.find((p: { category: string }) => p.category === 'schedule')).toEqual({ category: 'schedule', inApp: true, email: true, push: true });
    const refused = await call('setPreferences', a.teacher.id, { preferences: [{ category: 'support', inApp: false, email: false, push: false }] });
    expect(refused.status).toBe(400);
    const bad = await call('setPreferences', a.teacher.id, { preferences: [{ category: 'nonsense', inApp: true, email: true, push: true }] });
    expect(bad.status).toBe(400);
    const saved = await call('setPreferences', a.teacher.id, { preferences: [{ category: 'schedule', inApp: false, email: true, push: false }] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.preferences.find((p: { category: string }) => p.category === 'schedule')).toEqual({ category: 'schedule', inApp: false, email: true, push: false });
  });

  it('email only: an email and no bell; all off: nothing', async () => {
    await notify(a, { userIds: [a.teacher.id], kind: 'teacher-lesson-cancelled', title: 'Lily Chen cancelled a lesson', link: '/scheduling/weekly', email: { appUrl: 'https://app.test' } });
    expect((await rowsOf(a.teacher.id)).filter((r) => r.kind === 'teacher-lesson-cancelled')).toHaveLength(0);
    const [mail] = await mailsOf(a.teacher.id, 'teacher-lesson-cancelled');
    expect(mail?.textBody).toContain('https://app.test/scheduling/weekly');

    expect((await call('setPreferences', a.subadmin.id, { preferences: [{ category: 'store', inApp: false, email: false, push: false }] })).status).toBe(200);
    expect(await notify(a, { userIds: [a.subadmin.id], kind: 'store-order-placed', title: 'New order', email: { appUrl: 'https://app.test' } })).toEqual([]);
    expect(await mailsOf(a.subadmin.id, 'store-order-placed')).toHaveLength(0);
  });
});

describe('bursts', () => {
  it('30 payments are one notification counting 30, opening the list, and one pending email', async () => {
    const start = new Date('2026-05-13T20:00:00Z');
    for (let i = 1; i <= 30; i += 1) {
      await notify(b, {
        userIds: [b.admin.id], kind: 'payment-received', title: `Payment received: $${i}.00`, link: `/reporting/payment-details/${i}`, email: { appUrl: 'https://app.test' },
        now: new Date(start.getTime() + i * 1000),
        group: { key: 'payment-received', many: (n) => ({ title: `${n} payments received`, link: '/reports/payment-reporting' }) },
      });
    }
    const rows = (await rowsOf(b.admin.id)).filter((r) => r.kind === 'payment-received');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 30, title: '30 payments received', link: '/reports/payment-reporting' });
    const mails = await mailsOf(b.admin.id, 'payment-received');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ groupCount: 30, subject: '30 payments received', status: 'pending' });
    // It waits for the rest of the burst: five minutes after the first.
    expect(mails[0]!.sendAfter?.toISOString()).toBe(new Date(start.getTime() + 1000 + 5 * 60_000).toISOString());

    // Once read, the next payment starts a new notification.
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, b.admin.id)));
    await notify(b, { userIds: [b.admin.id], kind: 'payment-received', title: 'Payment received: $5.00', group: { key: 'payment-received', many: (n) => ({ title: `${n} payments received` }) } });
    expect((await rowsOf(b.admin.id)).filter((r) => r.kind === 'payment-received' && r.readAt === null)).toMatchObject([{ count: 1, title: 'Payment received: $5.00' }]);
  });
});
