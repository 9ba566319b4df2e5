import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { emailMessages, notifications } from '../../db/schema/index.js';
import { REDACTED_TOKEN } from '../../services/email/redact-link-tokens.js';
import { COMMUNICATION_MESSAGES as M } from '../../../shared/contracts/communication.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tokens: Record<string, string> = {};
const SECRET = 'Zq8sV3kP0wXy7Lm2Nc5Rt9Bd4Gh6Jf1Aa0Ee3Ii7Oo';
/** Rows written straight to the outbox: one to each person of school A, one still queued with a live link. */
const ids: Record<string, string> = {};
let providerId: string;

const log = (role: string, body: object = {}) => t.call('POST', '/api/reporting/getCommunicationLog', { token: tokens[role], body });
const subjects = async (role: string, body: object = {}) => ((await log(role, body)).body.data.results as { subject: string }[]).map((r) => r.subject).sort();

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  const teacherOnlyStudent = a.otherStudent;
  for (const [name, s] of [['a', a], ['b', b]] as const) {
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tokens[`${name}.${role}`] = await sessionToken(t, s[role].id);
  }
  const provider = await createUser(t.db, 'superadmin', null);
  providerId = provider.id;
  tokens['super'] = await sessionToken(t, provider.id);
  const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(emailMessages).values([
    { adminId: a.adminId, userId: a.student.id, kind: 'test', toAddress: a.student.email, subject: 'To the student', textBody: `Pay: http://cadenza.test/invoices/pay/${SECRET}`, htmlBody: `<a href="http://cadenza.test/invoices/pay/${SECRET}">Pay</a>` },
    { adminId: a.adminId, userId: a.parent.id, kind: 'test', toAddress: a.parent.email, subject: 'To the parent', textBody: 't', htmlBody: 'h', status: 'sent', attempts: 1, sentAt: new Date() },
    { adminId: a.adminId, userId: a.teacher.id, kind: 'test', toAddress: a.teacher.email, subject: 'To the teacher', textBody: 't', htmlBody: 'h', status: 'failed', attempts: 5, lastError: '550 mailbox unavailable' },
    { adminId: a.adminId, userId: teacherOnlyStudent.id, kind: 'test', toAddress: teacherOnlyStudent.email, subject: 'To another student', textBody: 't', htmlBody: 'h', status: 'sent', attempts: 1 },
    { adminId: a.adminId, userId: a.admin.id, kind: 'test', toAddress: a.admin.email, subject: 'To the admin', textBody: 't', htmlBody: 'h', createdAt: new Date('2025-01-15T15:00:00Z') },
    { adminId: b.adminId, userId: b.student.id, kind: 'test', toAddress: b.student.email, subject: 'To school B', textBody: 't', htmlBody: 'h' },
    // The provider's mail about school A carries A's id (decision 083), yet is not A's correspondence (decision 091).
    { adminId: a.adminId, userId: provider.id, kind: 'support-request', toAddress: provider.email, subject: 'To the provider', textBody: 't', htmlBody: 'h' },
  ]).returning({ id: emailMessages.id, subject: emailMessages.subject }));
  for (const r of rows) ids[r.subject] = r.id;
});
afterAll(() => t.close());

describe('POST /api/reporting/getCommunicationLog', () => {
  it('needs a session (401); the superadmin has no school log (403)', async () => {
    expect((await t.call('POST', '/api/reporting/getCommunicationLog', { body: {} })).status).toBe(401);
    expect((await log('super')).status).toBe(403);
  });

  it('shows staff the school’s, a teacher their students’ and their own, a student their own, a parent their own and their child’s', async () => {
    const school = ['To another student', 'To the admin', 'To the parent', 'To the student', 'To the teacher'];
    expect(await subjects('a.admin')).toEqual(school);
    expect(await subjects('a.subadmin')).toEqual(school);
    expect(await subjects('a.teacher')).toEqual(['To the student', 'To the teacher']);
    expect(await subjects('a.student')).toEqual(['To the student']);
    expect(await subjects('a.parent')).toEqual(['To the parent', 'To the student']);
    expect(await subjects('b.admin')).toEqual(['To school B']);
  });

  it('answers date, channel, status with the failure’s reason, and pages by 10', async () => {
    const res = await log('a.admin');
    expect(res.body.data).toMatchObject({ page: 1, limit: 10, totalCount: 5 });
    const byTitle = Object.fromEntries((res.body.data.results as { subject: string }[]).map((r) => [r.subject, r]));
    expect(byTitle['To the teacher']).toMatchObject({ channel: 'email', status: 'failed', reason: '550 mailbox unavailable', person: { _id: a.teacher.id, role: 'teacher' } });
    expect(byTitle['To the student']).toMatchObject({ status: 'queued', reason: null, to: a.student.email });
    expect(byTitle['To the parent']).toMatchObject({ status: 'sent' });
  });

  it('filters by status, channel, search (subject or person) and dates', async () => {
    expect(await subjects('a.admin', { status: 'failed' })).toEqual(['To the teacher']);
    expect(await subjects('a.admin', { status: 'queued' })).toEqual(['To the admin', 'To the student']);
    expect(await subjects('a.admin', { channel: 'email', search: 'parent' })).toEqual(['To the parent']);
    expect((await subjects('a.admin', { search: a.teacher.email }))).toEqual(['To the teacher']);
    expect(await subjects('a.admin', { from: '2025-01-15', to: '2025-01-15' })).toEqual(['To the admin']);
    expect(await subjects('a.admin', { from: '2025-01-16', to: '2025-01-20' })).toEqual([]);
  });

  it('refuses bad filters by field', async () => {
    expect((await log('a.admin', { status: 'bounced' })).body.errors).toHaveProperty('status');
    expect((await log('a.admin', { channel: 'fax' })).body.errors).toHaveProperty('channel');
    expect((await log('a.admin', { from: '2025-02-01', to: '2025-01-01' })).body.errors).toHaveProperty('to');
    expect((await log('a.admin', { search: 'x'.repeat(500) })).status).toBe(400);
  });
});

describe('POST /api/reporting/getCommunication', () => {
  const view = (role: string, id: string) => t.call('POST', '/api/reporting/getCommunication', { token: tokens[role], body: { id } });

  it('shows the message with its secret links cut out, even while it waits to be sent', async () => {
    const res = await view('a.parent', ids['To the student']!);
    expect(res.status).toBe(200);
    expect(res.body.data.text).toBe(`Pay: http://cadenza.test/invoices/pay/${REDACTED_TOKEN}`);
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    // The row itself still holds the link the job is about to send.
    expect((await view('a.admin', ids['To the student']!)).body.data.html).toContain(REDACTED_TOKEN);
  });

  it('answers 404 outside the reader’s reach and for another school’s message; 400 for a bad id', async () => {
    expect((await view('a.student', ids['To the parent']!)).status).toBe(404);
    expect((await view('a.teacher', ids['To another student']!)).status).toBe(404);
    expect((await view('a.parent', ids['To the teacher']!)).status).toBe(404);
    const other = await view('a.admin', ids['To school B']!);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(M.messageNotFound);
    expect((await view('a.admin', 'nope')).status).toBe(400);
  });
});

describe('notifications in the log', () => {
  it('joins them as the channel "notification", in the same reach, filters and paging', async () => {
    const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(notifications).values([
      { adminId: a.adminId, userId: a.student.id, kind: 'test', title: 'Bell for the student', body: 'Lesson <moved> & more' },
      { adminId: a.adminId, userId: a.teacher.id, kind: 'test', title: 'Bell for the teacher' },
      { adminId: b.adminId, userId: b.student.id, kind: 'test', title: 'Bell for school B' },
      { adminId: a.adminId, userId: providerId, kind: 'support-request', title: 'Bell for the provider' },
    ]).returning({ id: notifications.id }));
    expect(await subjects('a.student')).toEqual(['Bell for the student', 'To the student']);
    expect(await subjects('a.parent')).toEqual(['Bell for the student', 'To the parent', 'To the student']);
    expect(await subjects('a.teacher')).toEqual(['Bell for the student', 'Bell for the teacher', 'To the student', 'To the teacher']);
    expect(await subjects('b.admin')).toEqual(['Bell for school B', 'To school B']);
    expect(await subjects('a.admin', { channel: 'notification' })).toEqual(['Bell for the student', 'Bell for the teacher']);
    expect(await subjects('a.admin', { channel: 'email', search: 'Bell' })).toEqual([]);
    expect(await subjects('a.admin', { status: 'failed' })).toEqual(['To the teacher']);
    expect(await subjects('a.admin', { search: 'bell for the s' })).toEqual(['Bell for the student']);
    const first = (await log('a.student')).body.data;
    expect(first.totalCount).toBe(2);
    expect(first.results[0]).toMatchObject({ subject: 'Bell for the student', channel: 'notification', status: 'sent', person: { _id: a.student.id } });
    const page2 = (await log('a.admin', { limit: 5, page: 2 })).body.data;
    expect(page2).toMatchObject({ totalCount: 7, page: 2 });
    expect(page2.results).toHaveLength(2);

    const view = await t.call('POST', '/api/reporting/getCommunication', { token: tokens['a.parent'], body: { id: rows[0]!.id } });
    expect(view.body.data).toMatchObject({ channel: 'notification', text: 'Lesson <moved> & more', html: '<p>Lesson &#60;moved&#62; &#38; more</p>', attachments: [] });
    expect((await t.call('POST', '/api/reporting/getCommunication', { token: tokens['a.student'], body: { id: rows[1]!.id } })).status).toBe(404);
    expect((await t.call('POST', '/api/reporting/getCommunication', { token: tokens['a.admin'], body: { id: rows[2]!.id } })).status).toBe(404);
  });

  it('leaves out the provider’s mail and bell about the school: not the school’s correspondence (decision 091)', async () => {
    expect(await subjects('a.admin', { search: 'provider' })).toEqual([]);
    expect(await subjects('a.subadmin', { search: 'provider' })).toEqual([]);
    expect((await t.call('POST', '/api/reporting/getCommunication', { token: tokens['a.admin'], body: { id: ids['To the provider'] } })).status).toBe(404);
  });
});
