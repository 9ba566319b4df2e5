import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { emailMessages, groupEmails, libraryFiles } from '../../db/schema/index.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { createTestApp, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { COMMUNICATION_MESSAGES as M, GROUP_EMAIL_ATTACHMENTS_MAX_BYTES, GROUP_EMAIL_FILES_MAX } from '../../../shared/contracts/communication.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { ATTACH_MESSAGE, tinyPdf, tinyPng } from '../library/index.js';
import { deliverPendingEmails } from '../../services/email/deliver-pending-emails.js';

/**
 * A group email's attachments (issue 14): files of the sender's Library, kept by reference in the
 * outbox and read from file storage when each copy is delivered, through a real SMTP server.
 */
let smtp: SMTPServer;
const received: { to: string[]; mail: ParsedMail }[] = [];
let t: TestApp;
let dataDir: string;
let a: TestSchool;
let b: TestSchool;
let tok: Record<'admin' | 'subadmin' | 'teacher' | 'adminB', string>;

const pdf = tinyPdf('Recital programme');
const png = tinyPng();
const MISSING = '00000000-0000-4000-8000-000000000000';
const SEND = { subject: 'Recital', body: '<p>See the programme attached.</p>' };

async function toLibrary(token: string, name: string, content: Buffer): Promise<FileRef> {
  const parts = [{ name: 'uploadedImages', filename: name, content, type: 'application/octet-stream' }];
  return (await rawCall(t, 'POST', '/api/library/multiplefileUpload', { token, parts, status: 200 })).json().data.results[0];
}
const send = (token: string, body: object) => t.call('POST', '/api/massEmail/sendMassEmail', { token, body: { ...SEND, ...body } });
const sendCount = async () => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ n: count() }).from(groupEmails)))[0]!.n;
const mailsTo = (address: string) => received.filter((r) => r.to.includes(address));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], disableReverseLookup: true, logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      }).catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  dataDir = await mkdtemp(join(tmpdir(), 'cadenza-group-email-files-'));
  t = await createTestApp({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` }, { mailer: 'config' });
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id),
    teacher: await sessionToken(t, a.teacher.id), adminB: await sessionToken(t, b.admin.id),
  };
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST /api/massEmail/sendMassEmail with attachmentIds', () => {
  it('sends every copy with the Library files’ bytes intact, keeps only references in the outbox, and lists them with the send', async () => {
    const programme = await toLibrary(tok.admin, 'Programme.pdf', pdf);
    const poster = await toLibrary(tok.subadmin, 'Poster.png', png);
    const res = await send(tok.subadmin, { allStudents: true, attachmentIds: [programme._id, poster._id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(M.mailSent);
    await t.services.jobs.idle();

    for (const student of [a.student, a.otherStudent]) {
      const [copy] = mailsTo(student.email);
      expect(copy, student.email).toBeDefined();
      const files = copy!.mail.attachments.map((f) => ({ name: f.filename, type: f.contentType, bytes: f.content }));
      expect(files.map((f) => [f.name, f.type])).toEqual([['Programme.pdf', 'application/pdf'], ['Poster.png', 'image/png']]);
      expect(files[0]!.bytes.equals(pdf)).toBe(true);
      expect(files[1]!.bytes.equals(png)).toBe(true);
    }

    const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.groupEmailId, res.body.data._id)));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      // No copy of the bytes per recipient: a key and a size.
      expect(row.attachments).toEqual([
        { filename: 'Programme.pdf', contentType: 'application/pdf', storageKey: expect.any(String), size: pdf.length },
        { filename: 'Poster.png', contentType: 'image/png', storageKey: expect.any(String), size: png.length },
      ]);
    }

    const list = await t.call('POST', '/api/massEmail/getMassEmailList', { token: tok.admin, body: {} });
    expect(list.body.data.results[0].attachments).toEqual([
      { _id: programme._id, name: 'Programme.pdf', size: pdf.length },
      { _id: poster._id, name: 'Poster.png', size: png.length },
    ]);
    const one = await t.call('POST', '/api/massEmail/getMassEmail', { token: tok.admin, body: { id: res.body.data._id } });
    expect(one.body.data.attachments).toHaveLength(2);
    // The communication log names the file a person was sent.
    const row = rows.find((r) => r.userId === a.student.id)!;
    const detail = await t.call('POST', '/api/reporting/getCommunication', { token: tok.admin, body: { id: row.id } });
    expect(detail.body.data.attachments).toEqual(['Programme.pdf', 'Poster.png']);
  });

  it('refuses another school’s file, a missing one, too many and too large on the field, and queues nothing', async () => {
    const theirs = await toLibrary(tok.adminB, 'Theirs.pdf', pdf);
    const big = await toLibrary(tok.admin, 'Big.pdf', pdf);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(libraryFiles).set({ sizeBytes: GROUP_EMAIL_ATTACHMENTS_MAX_BYTES + 1 }).where(eq(libraryFiles.id, big._id)));
    const before = await sendCount();
    const cases: [unknown, string][] = [
      [[theirs._id], ATTACH_MESSAGE],
      [[MISSING], ATTACH_MESSAGE],
      [[big._id], M.attachmentsTooLarge],
      [Array.from({ length: GROUP_EMAIL_FILES_MAX + 1 }, () => MISSING), M.attachmentsMax],
      [['not-an-id'], 'Invalid id'],
      ['one', ''],
    ];
    for (const [attachmentIds, message] of cases) {
      const res = await send(tok.admin, { allStudents: true, attachmentIds });
      expect(res.status, JSON.stringify(attachmentIds)).toBe(400);
      const [field, said] = Object.entries(res.body.errors as Record<string, string>)[0]!;
      expect(field, JSON.stringify(res.body)).toMatch(/^attachmentIds(\.0)?$/);
      if (message) expect(said).toBe(message);
    }
    expect(await sendCount()).toBe(before);
  });

  it('takes the files the sender may see: a file of the school’s Library, not one of another school; roles stay 401/403', async () => {
    const teachers = await toLibrary(tok.teacher, 'Teacher notes.pdf', pdf);
    // A teacher's own file is still the school's Library: the office may send it.
    expect((await send(tok.admin, { userIds: [a.parent.id], attachmentIds: [teachers._id] })).status).toBe(200);
    expect((await t.call('POST', '/api/massEmail/sendMassEmail', { body: { ...SEND, allStudents: true, attachmentIds: [teachers._id] } })).status).toBe(401);
    expect((await send(tok.teacher, { allStudents: true, attachmentIds: [teachers._id] })).status).toBe(403);
    expect((await send(tok.adminB, { allStudents: true, attachmentIds: [teachers._id] })).status).toBe(400);
  });

  it('fails a copy at once, saying why, when its file left the Library before delivery', async () => {
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(emailMessages).values({
      adminId: a.adminId, kind: 'group-email', toAddress: 'gone@files.test', subject: 'Gone', textBody: 'Gone', htmlBody: '<p>Gone</p>',
      attachments: [{ filename: 'Removed.pdf', contentType: 'application/pdf', storageKey: 'gone/0123abcd', size: 10 }],
    }));
    await deliverPendingEmails(t.db, t.services.mailer, t.services.storage);
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.toAddress, 'gone@files.test')));
    expect(row).toMatchObject({ status: 'failed', lastError: 'The attachment Removed.pdf is no longer in the Library' });
    expect(mailsTo('gone@files.test')).toHaveLength(0);
  });
});
