/**
 * Issue 28, group email with a safety net: the preview (the count and one real recipient's copy),
 * the test send to oneself and the confirmed count, all from the send's own recipient resolution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { emailMessages, groupEmails, notifications } from '../../db/schema/index.js';
import { COMMUNICATION_MESSAGES as M } from '../../../shared/contracts/communication.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
/** A student whose name sorts first (Byron before the factory's Testers), so the default preview is hers. */
let ada: TestUser;
const tokens: Record<string, string> = {};
const MESSAGE = { subject: 'Recital for {first_name}', body: '<p>Dear {first_name} {last_name},</p><p>Welcome to {school_name}.</p>' };

const call = (path: string, role: string, body: object) => t.call('POST', `/api/massEmail/${path}`, { token: tokens[role], body });
const rowsOf = async () => t.db.transaction({ kind: 'all' }, async (tx) => ({
  sends: (await tx.select({ n: count() }).from(groupEmails))[0]!.n,
  emails: (await tx.select({ n: count() }).from(emailMessages))[0]!.n,
  notes: (await tx.select({ n: count() }).from(notifications))[0]!.n,
}));

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Alder Music' });
  b = await createSchool(t.db);
  ada = await createUser(t.db, 'student', a.adminId, { firstName: 'Ada', lastName: 'Byron' });
  for (const role of ['admin', 'subadmin', 'teacher'] as const) tokens[`a.${role}`] = await sessionToken(t, a[role].id);
});
afterAll(() => t.close());

describe('POST /api/massEmail/previewMassEmail', () => {
  it('fills the merge fields for the first recipient by name, or for the one chosen, and counts as the send does', async () => {
    const audience = { allStudents: true, userIds: [a.parent.id] };
    const first = await call('previewMassEmail', 'a.admin', { ...MESSAGE, ...audience });
    expect(first.status).toBe(200);
    const counted = await call('countRecipients', 'a.admin', audience);
    expect(first.body.data.count).toBe(counted.body.data.count);
    expect(first.body.data.count).toBe(4);
    expect(first.body.data.choices.map((c: { _id: string }) => c._id).sort()).toEqual([ada.id, a.student.id, a.otherStudent.id, a.parent.id].sort());
    // Unless chosen, the first in the send's order (by name).
    expect(first.body.data.recipient).toEqual({ _id: ada.id, name: 'Ada Byron', email: ada.email });
    expect(first.body.data.subject).toBe('Recital for Ada');

    const parent = await call('previewMassEmail', 'a.subadmin', { ...MESSAGE, ...audience, recipientId: a.parent.id });
    expect(parent.body.data.recipient).toEqual({ _id: a.parent.id, name: 'Parent Tester', email: a.parent.email });
    expect(parent.body.data.subject).toBe('Recital for Parent');
    expect(parent.body.data.text).toContain('Dear Parent Tester,');
    expect(parent.body.data.text).toContain('Welcome to Alder Music.');
    // The parent's own unsubscribe link is not handed to the sender.
    expect(parent.body.data.text).toContain('/unsubscribe/link-removed-after-sending');

    // The real send reaches as many as the preview said.
    const sent = await call('sendMassEmail', 'a.admin', { ...MESSAGE, ...audience, confirmedCount: first.body.data.count });
    expect(sent.status).toBe(200);
    expect(sent.body.data.recipientCount).toBe(first.body.data.count);
  });

  it('previews only a recipient of the selection: anyone else of the school, or another school’s person, is 404', async () => {
    const before = await rowsOf();
    for (const recipientId of [a.parent.id, a.teacher.id, b.student.id, b.parent.id]) {
      const res = await call('previewMassEmail', 'a.admin', { ...MESSAGE, allStudents: true, recipientId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.recipientNotChosen);
      expect((await call('sendTestEmail', 'a.admin', { ...MESSAGE, allStudents: true, recipientId })).status).toBe(404);
    }
    expect((await call('previewMassEmail', 'a.admin', { ...MESSAGE, userIds: [b.student.id] })).status).toBe(404);
    expect((await call('previewMassEmail', 'a.admin', { ...MESSAGE, classGroupIds: [a.classGroupId] })).body.errors).toEqual({ recipients: M.nobodyLeft });
    expect((await call('previewMassEmail', 'a.teacher', { ...MESSAGE, allStudents: true })).status).toBe(403);
    expect(await rowsOf()).toEqual(before);
  });
});

describe('POST /api/massEmail/sendTestEmail', () => {
  it('sends the chosen recipient’s copy to the sender alone, through the outbox, and records no group send', async () => {
    await t.services.jobs.idle();
    const delivered = t.sentEmails.length;
    const before = await rowsOf();
    const res = await call('sendTestEmail', 'a.subadmin', { ...MESSAGE, allStudents: true, recipientId: ada.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: M.testSent(a.subadmin.email!), data: { to: a.subadmin.email } });
    await t.services.jobs.idle();

    const mails = t.sentEmails.slice(delivered);
    expect(mails.map((m) => m.to)).toEqual([a.subadmin.email]);
    expect(mails[0]!.subject).toBe('[Test] Recital for Ada');
    expect(mails[0]!.text).toContain('Dear Ada Byron,');
    // One outbox row, the sender's, sent; no send row and nobody's bell.
    const after = await rowsOf();
    expect(after).toEqual({ sends: before.sends, emails: before.emails + 1, notes: before.notes });
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.toAddress, a.subadmin.email!)));
    expect(row).toMatchObject({ kind: 'group-email-test', userId: a.subadmin.id, groupEmailId: null, status: 'sent' });
    const list = await call('getMassEmailList', 'a.admin', {});
    expect(list.body.data.results.map((s: { subject: string }) => s.subject)).not.toContain('[Test] Recital for Ada');
  });
});

describe('POST /api/massEmail/sendMassEmail with the confirmed count', () => {
  it('refuses a send whose count changed since it was confirmed (409), and writes nothing', async () => {
    const before = await rowsOf();
    const res = await call('sendMassEmail', 'a.admin', { ...MESSAGE, allTeachers: true, confirmedCount: 5 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.countChanged(1));
    expect(await rowsOf()).toEqual(before);
    expect((await call('sendMassEmail', 'a.admin', { ...MESSAGE, allTeachers: true, confirmedCount: 1 })).status).toBe(200);
  });
});
