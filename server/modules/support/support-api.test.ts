import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { emailMessages, supportReplies, supportRequests } from '../../db/schema/index.js';
import { SUPPORT_MESSAGES as M } from '../../../shared/contracts/support.js';

/** A real SMTP server: the sender's inbox. */
let smtp: SMTPServer;
const received: { to: string[]; mail: ParsedMail }[] = [];
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let superadmin: string;
const tokens: Record<string, string> = {};

const REQUEST = { category: 'feature_request', subject: 'Waiting lists', message: 'Could families join a waiting list\nfor a full class?' };
const send = (token: string | undefined, body: object = REQUEST) => t.call('POST', '/api/support/sendSupportRequest', { token, body });
const listAs = (token: string | undefined, body: object = {}) => t.call('POST', '/api/support/getSupportRequests', { token, body });
const getAs = (token: string | undefined, id: string) => t.call('POST', '/api/support/getSupportRequest', { token, body: { id } });
const answer = (token: string | undefined, body: object) => t.call('POST', '/api/support/answerSupportRequest', { token, body });
const tableCounts = () => t.db.transaction({ kind: 'all' }, async (tx) => ({
  requests: (await tx.select({ n: count() }).from(supportRequests))[0]!.n,
  replies: (await tx.select({ n: count() }).from(supportReplies))[0]!.n,
}));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], disableReverseLookup: true, logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => { received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail }); callback(); }).catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Cadenza <no-reply@cadenza.test>' }, { mailer: 'config' });
  a = await createSchool(t.db, { name: 'Alder Music' });
  b = await createSchool(t.db);
  superadmin = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
  for (const [name, s] of [['a', a], ['b', b]] as const) {
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tokens[`${name}.${role}`] = await sessionToken(t, s[role].id);
  }
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('POST /api/support/sendSupportRequest', () => {
  it('stores the request as open and answers it', async () => {
    const res = await send(tokens['a.admin']);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.sent);
    expect(res.body.data).toMatchObject({
      category: 'feature_request', subject: 'Waiting lists', message: REQUEST.message, status: 'open', replies: [], replyCount: 0,
      sender: { _id: a.admin.id, role: 'admin' }, schoolName: 'Alder Music',
    });
  });

  it('lets a student, a parent and a sub-admin write too', async () => {
    for (const role of ['subadmin', 'student', 'parent']) expect((await send(tokens[`a.${role}`], { ...REQUEST, category: 'problem' })).status, role).toBe(200);
  });

  it('needs a session (401); a teacher (no /support) and the provider itself are refused (403)', async () => {
    const before = await tableCounts();
    expect((await send(undefined)).status).toBe(401);
    expect((await send(tokens['a.teacher'])).status).toBe(403);
    expect((await send(superadmin)).status).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses bad input by field and stores nothing', async () => {
    const before = await tableCounts();
    const bad = async (body: object) => (await send(tokens['a.admin'], body)).body;
    expect((await bad({ ...REQUEST, category: 'gossip' })).errors).toEqual({ category: M.categoryRequired });
    expect((await bad({ ...REQUEST, subject: '  ' })).errors).toEqual({ subject: M.subjectRequired });
    expect((await bad({ ...REQUEST, subject: 'x'.repeat(151) })).errors).toEqual({ subject: M.subjectTooLong });
    expect((await bad({ ...REQUEST, subject: 'two\nlines' })).errors).toHaveProperty('subject');
    expect((await bad({ ...REQUEST, message: '' })).errors).toEqual({ message: M.messageRequired });
    expect((await bad({ ...REQUEST, message: 'x'.repeat(5001) })).errors).toEqual({ message: M.messageTooLong });
    expect((await bad({ ...REQUEST, message: 'nul\u0000' })).errors).toHaveProperty('message');
    expect(await tableCounts()).toEqual(before);
  });

  it('limits each person to five requests an hour (429), others unaffected', async () => {
    const parent = await createUser(t.db, 'parent', a.adminId);
    const token = await sessionToken(t, parent.id);
    for (let i = 0; i < 5; i++) expect((await send(token)).status).toBe(200);
    const sixth = await send(token);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(M.tooMany);
    expect((await send(tokens['b.parent'])).status).toBe(200);
  });
});

describe('POST /api/support/getSupportRequests and getSupportRequest', () => {
  it('shows the sender their own requests only, newest first', async () => {
    const res = await listAs(tokens['a.student']);
    expect(res.status).toBe(200);
    expect(res.body.data.results.every((r: { sender: { _id: string } }) => r.sender._id === a.student.id)).toBe(true);
    expect(res.body.data).toMatchObject({ page: 1, limit: 10, totalCount: 1, open: 1, answered: 0, closed: 0 });
    const admin = await listAs(tokens['a.admin']);
    expect(admin.body.data.totalCount).toBe(1);
  });

  it('answers 404 for another person’s request of the same school and for another school’s', async () => {
    const mine = (await listAs(tokens['a.admin'])).body.data.results[0]._id as string;
    expect((await getAs(tokens['a.admin'], mine)).status).toBe(200);
    for (const other of ['a.subadmin', 'a.student', 'b.admin']) {
      const res = await getAs(tokens[other]!, mine);
      expect(res.status, other).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    }
    expect((await getAs(tokens['a.admin'], randomUUID())).status).toBe(404);
    expect((await getAs(tokens['a.admin'], 'not-an-id')).status).toBe(400);
  });

  it('is refused to a teacher (403) and to no session (401)', async () => {
    expect((await listAs(tokens['a.teacher'])).status).toBe(403);
    expect((await t.call('POST', '/api/support/getSupportRequests', { body: {} })).status).toBe(401);
    expect((await t.call('POST', '/api/support/getSupportRequest', { body: { id: randomUUID() } })).status).toBe(401);
  });

  it('gives the superadmin every school’s requests, ten a page, by status, with the counts', async () => {
    expect((await send(tokens['b.admin'], { ...REQUEST, category: 'billing', subject: 'Invoice question' })).status).toBe(200);
    const all = await listAs(superadmin, { limit: 100 });
    expect(all.status).toBe(200);
    const total = all.body.data.totalCount as number;
    expect(total).toBeGreaterThan(10);
    expect(new Set(all.body.data.results.map((r: { schoolName: string }) => r.schoolName)).size).toBe(2);
    const first = await listAs(superadmin);
    expect(first.body.data.results).toHaveLength(10);
    expect(first.body.data.open).toBe(total);
    expect((await listAs(superadmin, { page: 2 })).body.data.results).toHaveLength(total - 10);
    const problems = await listAs(superadmin, { search: 'waiting', status: 'answered' });
    expect(problems.body.data.totalCount).toBe(0);
    expect((await listAs(superadmin, { status: 'pending' })).status).toBe(400);
  });
});

describe('POST /api/support/answerSupportRequest', () => {
  it('is the superadmin’s alone (403), needs a session (401) and bad input changes nothing (400)', async () => {
    const id = (await listAs(tokens['a.admin'])).body.data.results[0]._id as string;
    const before = await tableCounts();
    expect((await t.call('POST', '/api/support/answerSupportRequest', { body: { id, message: 'Hi' } })).status).toBe(401);
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent']) expect((await answer(tokens[`a.${role}`]!, { id, message: 'Hi' })).status, role).toBe(403);
    expect((await answer(superadmin, { id, message: '   ' })).body.errors).toEqual({ message: M.answerRequired });
    expect((await answer(superadmin, { id, message: 'x'.repeat(5001) })).body.errors).toEqual({ message: M.messageTooLong });
    expect((await answer(superadmin, { id: randomUUID(), message: 'Hi' })).status).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });

  it('stores the answer, marks the request answered, and the sender gets it by SMTP and on their page', async () => {
    const id = (await listAs(tokens['a.admin'])).body.data.results[0]._id as string;
    const res = await answer(superadmin, { id, message: 'Thank you!\nWaiting lists are on our list for spring.' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.answered);
    expect(res.body.data).toMatchObject({ status: 'answered', replyCount: 1 });
    await t.services.jobs.idle();

    const mails = received.filter((r) => r.to.includes(a.admin.email));
    expect(mails).toHaveLength(1);
    const { mail } = mails[0]!;
    expect(mail.subject).toBe('Re: Waiting lists');
    expect(mail.text).toContain('Waiting lists are on our list for spring.');
    expect(mail.text).toContain('http://cadenza.test/support');
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'support-answer')));
    expect(row).toMatchObject({ status: 'sent', adminId: a.adminId, userId: a.admin.id });

    const seen = await getAs(tokens['a.admin'], id);
    // The sender reads the answer as the provider's; the provider's people are not in a school's sight.
    expect(seen.body.data.replies).toEqual([expect.objectContaining({ message: 'Thank you!\nWaiting lists are on our list for spring.', author: null })]);
    expect((await getAs(superadmin, id)).body.data.replies[0].author).toEqual({ first_name: expect.any(String), last_name: expect.any(String) });
    expect((await listAs(tokens['a.admin'], { status: 'answered' })).body.data.totalCount).toBe(1);
  });

  it('may close the request with a second answer', async () => {
    const id = (await listAs(tokens['a.admin'])).body.data.results[0]._id as string;
    const res = await answer(superadmin, { id, message: 'Done.', close: true });
    expect(res.body.data.status).toBe('closed');
    expect(res.body.data.replies).toHaveLength(2);
    await t.services.jobs.idle();
    const last = received.filter((r) => r.to.includes(a.admin.email)).at(-1)!.mail;
    expect(last.text).toContain('We have closed this request.');
    const counts = (await listAs(superadmin)).body.data;
    expect(counts.closed).toBe(1);
  });
});
