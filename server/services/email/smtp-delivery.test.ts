import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { emailMessages } from '../../db/schema/index.js';
import { deliverPendingEmails } from './deliver-pending-emails.js';
import type { Mailer } from './mailer.js';
import { REDACTED_TOKEN } from './redact-link-tokens.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';
import { closedPort } from '../../test/closed-port.js';

/** A real SMTP server in this process: every message it accepts is parsed into `received`. */
let smtp: SMTPServer;
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
let t: TestApp;
let school: TestSchool;

async function listen(server: SMTPServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.server.address() as { port: number }).port;
}

const rowsFor = (db: TestApp['db'], userId: string) =>
  db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.userId, userId)));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await listen(smtp);
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Cadenza <no-reply@cadenza.test>' }, { mailer: 'config' });
  school = await createSchool(t.db);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email over SMTP (SMTP_URL)', () => {
  it('uses the SMTP mailer, not the outbox', () => {
    expect(t.services.mailer.transport).toBe('smtp');
  });

  it('delivers the forgot-password email with its reset link, and marks the outbox row sent', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const res = await t.call('POST', '/api/auth/forgetPassword', { body: { username: user.username } });
    expect(res.body.message).toBe(AUTH_MESSAGES.forgotSent);
    await t.services.jobs.idle();

    const mine = received.filter((r) => r.envelopeTo.includes(user.email));
    expect(mine).toHaveLength(1);
    const { mail } = mine[0]!;
    expect(mail.subject).toBe('Reset your Cadenza password');
    expect(mail.from?.value).toEqual([{ address: 'no-reply@cadenza.test', name: 'Cadenza' }]);
    expect(mail.text).toMatch(/http:\/\/cadenza\.test\/resetpassword\/[\w-]{43}/);
    const token = mail.text!.match(/resetpassword\/([\w-]{43})/)![1]!;
    expect(mail.html).toContain(`http://cadenza.test/resetpassword/${token}`);

    const [row] = await rowsFor(t.db, user.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, kind: 'password-reset' });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // The outbox keeps what was sent, but not a live link (decision 021).
    expect(row!.textBody).toContain(`http://cadenza.test/resetpassword/${REDACTED_TOKEN}`);
    expect(row!.textBody).not.toContain(token);
    expect(row!.htmlBody).toContain(`http://cadenza.test/resetpassword/${REDACTED_TOKEN}`);
    expect(row!.htmlBody).not.toContain(token);

    // The emailed link is the real one.
    const reset = await t.call('POST', '/api/auth/resetPassword', { body: { id: token, newPassword: 'Mailed@2024', confirm_password: 'Mailed@2024' } });
    expect(reset.status).toBe(200);
  });

  it('keeps the email in the outbox when SMTP is down: pending, one attempt per run, sent once it is back', async () => {
    const port = await closedPort();
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { mailer: 'config', db: t.db });
    try {
      const user = await createUser(t.db, 'student', school.adminId);
      const res = await down.call('POST', '/api/auth/forgetPassword', { body: { username: user.username } });
      // The person is told the same: the email waits in the outbox.
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(AUTH_MESSAGES.forgotSent);
      await down.services.jobs.idle();
      let [row] = await rowsFor(t.db, user.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);

      // The next run (the sweep) tries again.
      down.services.jobs.trigger('deliver-emails');
      await down.services.jobs.idle();
      [row] = await rowsFor(t.db, user.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });

      // Once SMTP answers, the next run of the live app delivers it.
      t.services.jobs.trigger('deliver-emails');
      await t.services.jobs.idle();
      [row] = await rowsFor(t.db, user.id);
      expect(row).toMatchObject({ status: 'sent', attempts: 3 });
      expect(received.filter((r) => r.envelopeTo.includes(user.email))).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});

describe('deliverPendingEmails', () => {
  it('delivers every pending row, and one refused address neither blocks the others nor uses up its attempts', async () => {
    const addresses = ['first@deliver.test', 'bounce@deliver.test', 'third@deliver.test'];
    await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.insert(emailMessages).values(addresses.map((to) => ({ adminId: school.adminId, kind: 'deliver-test', toAddress: to, subject: 'Hi', textBody: 'Hi', htmlBody: '<p>Hi</p>' }))));
    const tried: string[] = [];
    const mailer: Mailer = {
      transport: 'smtp',
      async deliver(email) {
        tried.push(email.to);
        if (email.to.startsWith('bounce')) throw new Error('550 mailbox unavailable');
      },
      async close() {},
    };
    expect(await deliverPendingEmails(t.db, mailer, t.services.storage)).toBeGreaterThanOrEqual(2);
    expect(tried.sort()).toEqual([...addresses].sort());
    const rows = await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(emailMessages).where(eq(emailMessages.kind, 'deliver-test')));
    const byAddress = Object.fromEntries(rows.map((r) => [r.toAddress, r]));
    expect(byAddress['first@deliver.test']).toMatchObject({ status: 'sent', attempts: 1 });
    expect(byAddress['third@deliver.test']).toMatchObject({ status: 'sent', attempts: 1 });
    expect(byAddress['bounce@deliver.test']).toMatchObject({ status: 'pending', attempts: 1, lastError: '550 mailbox unavailable' });
    // It gives up after five runs.
    for (let run = 2; run <= 5; run++) await deliverPendingEmails(t.db, mailer, t.services.storage);
    const [bounce] = await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(emailMessages).where(eq(emailMessages.toAddress, 'bounce@deliver.test')));
    expect(bounce).toMatchObject({ status: 'failed', attempts: 5 });
    await deliverPendingEmails(t.db, mailer, t.services.storage);
    expect(tried.filter((a) => a.startsWith('bounce'))).toHaveLength(5);
  });
});
