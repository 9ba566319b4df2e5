import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { recordActivity } from './record-activity.js';
import { activitySentence } from './presenter.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tokens[role] = await sessionToken(t, a[role].id);
  tokens.bAdmin = await sessionToken(t, b.admin.id);
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    await recordActivity(tx, { adminId: a.adminId, actorId: a.admin.id, action: 'member.added', targetUserId: a.student.id });
    await recordActivity(tx, { adminId: a.adminId, actorId: a.admin.id, action: 'member.added', targetUserId: a.otherStudent.id });
    await recordActivity(tx, { adminId: a.adminId, actorId: a.student.id, action: 'loginas.start', targetUserId: a.parent.id });
    await recordActivity(tx, { adminId: b.adminId, actorId: b.admin.id, action: 'member.added', targetUserId: b.student.id });
  });
  // Twelve more, so the school's list has two pages.
  for (let i = 0; i < 12; i++) {
    await t.call('POST', '/api/classes/add', { token: tokens.admin, body: { name: `Group ${i}`, teacherId: a.teacher.id } });
  }
});
afterAll(() => t.close());

const list = (body: unknown, token: string | null = tokens.admin!) =>
  t.call('POST', '/api/recentActivities/viewAllActivities', { token: token ?? undefined, body });

describe('POST /api/recentActivities/viewAllActivities', () => {
  it('pages 10 at a time, newest first, each with its sentence', async () => {
    const first = await list({});
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, limit: 10, totalCount: 15 });
    expect(first.body.data.results[0]).toMatchObject({ action: 'class.added', text: 'Admin Tester added the class/group Group 11', actor: { _id: a.admin.id, role: 'admin' }, target: null });
    const second = await list({ page: 2 });
    expect(second.body.data.results).toHaveLength(5);
    // The first three share one transaction, and so one time.
    expect(second.body.data.results.map((r: { text: string }) => r.text)).toContain('Admin Tester added Student Tester (student)');
    expect((await list({ page: 3 })).body.data).toMatchObject({ results: [], totalCount: 15 });
    expect((await list({ page: 0 })).status).toBe(400);
  });

  it('shows a sub-admin the school; another school sees only its own', async () => {
    expect((await list({}, tokens.subadmin)).body.data.totalCount).toBe(15);
    const other = await list({}, tokens.bAdmin);
    expect(other.body.data.totalCount).toBe(1);
    expect(other.body.data.results[0].target._id).toBe(b.student.id);
  });

  it('shows a student only what they did or what was done to them', async () => {
    const res = await list({}, tokens.student);
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { action: string }) => r.action).sort()).toEqual(['loginas.start', 'member.added']);
  });

  it('refuses teachers and parents (403) and no session (401)', async () => {
    expect((await list({}, tokens.teacher)).status).toBe(403);
    expect((await list({}, tokens.parent)).status).toBe(403);
    expect((await list({}, null)).status).toBe(401);
  });

  it('lets the superadmin read every school\'s', async () => {
    const token = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
    expect((await list({ limit: 100 }, token)).body.data.totalCount).toBeGreaterThanOrEqual(16);
  });
});

describe('activitySentence', () => {
  const eleanor = { id: '1', firstName: 'Eleanor', lastName: 'Whitfield', role: 'admin' };
  const lily = { id: '2', firstName: 'Lily', lastName: 'Chen', role: 'student' };
  const grace = { id: '3', firstName: 'Grace', lastName: 'Chen', role: 'parent' };
  it.each([
    [{ action: 'member.added', actor: eleanor, target: lily, meta: null }, 'Eleanor Whitfield added Lily Chen (student)'],
    [{ action: 'family.updated', actor: eleanor, target: null, meta: { name: 'Chen family' } }, 'Eleanor Whitfield updated the family Chen family'],
    [{ action: 'member.imported', actor: eleanor, target: null, meta: { count: 3 } }, 'Eleanor Whitfield imported students from a CSV file'],
    [{ action: 'signup.received', actor: eleanor, target: lily, meta: null }, 'Lily Chen (student) signed up through the student signup widget'],
    [{ action: 'signup.received', actor: null, target: null, meta: { name: 'Ada Byron' } }, 'Ada Byron signed up through the student signup widget'],
    [{ action: 'loginas.start', actor: null, target: lily, meta: null }, 'Someone signed in as Lily Chen (student)'],
    [{ action: 'member.added', actor: eleanor, target: null, meta: null }, 'Eleanor Whitfield added a removed member'],
    [{ action: 'payment.received', actor: grace, target: null, meta: { name: 'invoice INV-000001 ($120.00 by Visa ending 1111)' } }, 'Grace Chen paid invoice INV-000001 ($120.00 by Visa ending 1111)'],
    [{ action: 'payment.declined', actor: grace, target: null, meta: { name: 'invoice INV-000001 ($120.00)' } }, 'Grace Chen had a card declined paying invoice INV-000001 ($120.00)'],
    [{ action: 'payment.refunded', actor: eleanor, target: null, meta: { name: '$20.00 of invoice INV-000001 (Visa ending 1111)' } }, 'Eleanor Whitfield refunded $20.00 of invoice INV-000001 (Visa ending 1111)'],
  ])('%o reads "%s"', (row, sentence) => {
    expect(activitySentence(row)).toBe(sentence);
  });
});
