import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { emailMessages, invoices, notifications, payments, schools, users } from '../../../db/schema/index.js';
import { createSchool, type TestSchool } from '../../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { chargeInvoice } from '../payments/charge-invoice.js';
import { AUTOPAY_JOB, chargeAutopayInvoices, RETRY_DAYS } from './autopay-job.js';
import { expectCall, goodCard, openInvoice } from './test-kit.js';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const paymentsOf = (invoiceId: string) => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)));
const invoiceRow = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoices).where(eq(invoices.id, id))))[0]!;
const autopayEmails = (userId: string) => t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(emailMessages).where(and(eq(emailMessages.userId, userId), eq(emailMessages.kind, 'autopay-failed'))).orderBy(emailMessages.createdAt));
const run = (now: Date, db: Database = t.db) => chargeAutopayInvoices(db, { config: t.services.config }, now);

/** A family whose payer saved a card (declining at charge time with ZIP 46282 when asked) and turned autopay on. */
async function familyWithAutopay(options: { declining?: boolean } = {}): Promise<{ school: TestSchool; parentToken: string }> {
  const school = await createSchool(t.db);
  const parentToken = await sessionToken(t, school.parent.id);
  await expectCall(t, 'POST', '/api/studentBilling/addToCard', 200, { token: parentToken, body: { ...goodCard, ...(options.declining ? { postalCode: '46282' } : {}) } });
  await expectCall(t, 'POST', '/api/paymentbilling/autopay', 200, { token: parentToken, body: { studentId: school.student.id, enabled: true } });
  return { school, parentToken };
}

/** Today on the test schools' clock (New York): the UTC date is tomorrow there from 19:00 or 20:00. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
const dayOffset = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe(`the ${AUTOPAY_JOB} job`, () => {
  it('charges an invoice due today once, even run twice at once and again after', async () => {
    const { school } = await familyWithAutopay();
    const due = await openInvoice(t, school, school.student.id, { cents: 8_000, dueOn: dayOffset(-1) });
    const later = await openInvoice(t, school, school.student.id, { cents: 9_000, dueOn: dayOffset(5) });
    // Another student of the school, without autopay: left alone.
    const other = await openInvoice(t, school, school.otherStudent.id, { dueOn: dayOffset(-1) });

    const now = new Date();
    const [one, two] = await Promise.all([run(now), run(now)]);
    expect(one.charged + two.charged).toBe(1);
    expect(await run(now)).toEqual({ charged: 0, failed: 0, waiting: 0 });
    expect(await run(new Date(now.getTime() + LEASE_AND_A_BIT))).toEqual({ charged: 0, failed: 0, waiting: 0 });

    const charges = await paymentsOf(due.invoice.id);
    expect(charges.map((p) => [p.source, p.status, p.amountCents, p.idempotencyKey])).toEqual([['autopay', 'succeeded', 8_000, `autopay:${due.invoice.id}:1`]]);
    expect((await invoiceRow(due.invoice.id)).status).toBe('paid');
    expect(await paymentsOf(later.invoice.id)).toEqual([]);
    expect(await paymentsOf(other.invoice.id)).toEqual([]);
    expect(await autopayEmails(school.parent.id)).toEqual([]);
  });

  it('reads "due" on the school’s clock', async () => {
    const { school } = await familyWithAutopay();
    // 05:00 UTC on 1 June: 19:00 on 1 June at UTC+14, still 31 May at UTC-11.
    const now = new Date('2031-06-01T05:00:00Z');
    const inv = await openInvoice(t, school, school.student.id, { dueOn: '2031-06-01' });
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ timeZone: 'Pacific/Pago_Pago' }).where(eq(schools.adminId, school.adminId)));
    // (Other tests' invoices, due long before 2031, may be charged by these runs: only this one is watched.)
    await run(now);
    expect((await invoiceRow(inv.invoice.id)).status).toBe('open');
    expect(await paymentsOf(inv.invoice.id)).toEqual([]);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(schools.adminId, school.adminId)));
    await run(now);
    expect((await invoiceRow(inv.invoice.id)).status).toBe('paid');
  });

  it('retries a declined charge after 1, 3 and 7 days, emails the payer each time, then stops and leaves the invoice open', async () => {
    const { school } = await familyWithAutopay({ declining: true });
    const { invoice } = await openInvoice(t, school, school.student.id, { cents: 4_200, dueOn: today() });
    let now = new Date();
    const expected: number[] = [];
    for (let attempt = 1; attempt <= RETRY_DAYS.length + 1; attempt += 1) {
      // Twice at once: one charge, one count, one email an attempt.
      const [x, y] = await Promise.all([run(now), run(now)]);
      expect(x.failed + y.failed, `attempt ${attempt}`).toBe(1);
      const row = await invoiceRow(invoice.id);
      expect(row.autopayFailures).toBe(attempt);
      const wait = RETRY_DAYS[attempt - 1];
      expect(row.autopayNextAt?.getTime() ?? null).toBe(wait === undefined ? null : now.getTime() + wait * DAY);
      expected.push(attempt);
      // Nothing happens before the next try is due.
      expect(await run(new Date(now.getTime() + (wait ?? 30) * DAY - 60_000))).toEqual({ charged: 0, failed: 0, waiting: 0 });
      if (wait !== undefined) now = new Date(now.getTime() + wait * DAY + 60_000);
    }
    expect(await run(new Date(now.getTime() + 60 * DAY))).toEqual({ charged: 0, failed: 0, waiting: 0 });

    const charges = await paymentsOf(invoice.id);
    expect(charges.map((p) => p.idempotencyKey).sort()).toEqual(expected.map((n) => `autopay:${invoice.id}:${n}`).sort());
    expect(charges.every((p) => p.status === 'declined' && p.source === 'autopay')).toBe(true);
    expect((await invoiceRow(invoice.id)).status).toBe('open');

    const emails = await autopayEmails(school.parent.id);
    expect(emails).toHaveLength(4);
    const number = `INV-${String(invoice.number).padStart(6, '0')}`;
    for (const email of emails) {
      expect(email.toAddress).toBe(school.parent.email);
      expect(email.subject).toBe(`Autopay could not pay invoice ${number}`);
      expect(email.textBody).toContain('The payment processor said: This transaction has been declined.');
      expect(email.textBody).toContain('$42.00');
      expect(email.textBody).toContain('Visa ending in 1111');
      expect(email.textBody).toContain(`${t.services.config.appUrl}/paymentBilling`);
      expect(email.textBody).not.toContain('4111111111111111');
    }
    expect(emails.slice(0, 3).every((e) => e.textBody.includes('We will try again on'))).toBe(true);
    expect(emails[3]!.textBody).toContain('Autopay will not try this invoice again: it stays open.');
    // And under the bell, once an attempt.
    const notes = await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(notifications).where(and(eq(notifications.userId, school.parent.id), eq(notifications.kind, 'payment-failed'))));
    expect(notes).toHaveLength(4);
    expect(notes[0]).toMatchObject({ title: `Payment failed: invoice ${number}`, link: '/paymentBilling' });
    expect(notes[0]!.body).toBe('$42.00 could not be charged: This transaction has been declined.');
  });

  it('makes no failure notification for a payer whose notifications are off', async () => {
    const { school } = await familyWithAutopay({ declining: true });
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: false }).where(eq(users.id, school.parent.id)));
    await openInvoice(t, school, school.student.id, { cents: 1_000, dueOn: today() });
    expect((await run(new Date())).failed).toBe(1);
    expect(await autopayEmails(school.parent.id)).toHaveLength(1);
    expect(await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(notifications).where(eq(notifications.userId, school.parent.id)))).toEqual([]);
  });

  it('after a crash between the charge and its count, the rerun counts the same attempt once and charges nothing more', async () => {
    const { school } = await familyWithAutopay({ declining: true });
    const { invoice } = await openInvoice(t, school, school.student.id, { dueOn: today() });
    const [card] = (await t.db.transaction({ kind: 'all' }, (tx) => tx.query.savedCards.findMany({ where: (c, { eq: is }) => is(c.ownerId, school.parent.id) })));
    // The run charged attempt 1 and died before recording it.
    await chargeInvoice(t.db, { config: t.services.config }, { adminId: school.adminId, invoiceId: invoice.id, source: 'autopay', idempotencyKey: `autopay:${invoice.id}:1`, savedCardId: card!.id });
    expect((await run(new Date())).failed).toBe(1);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).autopayFailures).toBe(1);
    expect(await autopayEmails(school.parent.id)).toHaveLength(1);
  });

  it('leaves alone a student whose autopay is off, and a payer with no default card', async () => {
    const { school, parentToken } = await familyWithAutopay();
    const { invoice } = await openInvoice(t, school, school.student.id, { dueOn: today() });
    await expectCall(t, 'POST', '/api/paymentbilling/autopay', 200, { token: parentToken, body: { studentId: school.student.id, enabled: false } });
    expect((await run(new Date())).charged).toBe(0);
    await expectCall(t, 'POST', '/api/paymentbilling/autopay', 200, { token: parentToken, body: { studentId: school.student.id, enabled: true } });
    const [card] = (await expectCall(t, 'POST', '/api/studentBilling/cardList', 200, { token: parentToken, body: {} })).data.results;
    // Removing the last card switches autopay off: nothing to charge.
    await expectCall(t, 'DELETE', '/api/studentBilling/removeCard', 200, { token: parentToken, body: { cardId: card.cardId } });
    expect((await run(new Date())).charged).toBe(0);
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it('charges no family of a school whose plan lapsed (decision 071), and charges once the plan is back', async () => {
    const { school } = await familyWithAutopay();
    const { invoice } = await openInvoice(t, school, school.student.id, { dueOn: dayOffset(-1) });
    const lapse = (at: Date | null) => t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ planLapsedAt: at }).where(eq(schools.adminId, school.adminId)));
    await lapse(new Date());
    expect((await run(new Date())).charged).toBe(0);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    await lapse(null);
    expect((await run(new Date())).charged).toBe(1);
    expect((await invoiceRow(invoice.id)).status).toBe('paid');
  });

  it('costs one statement when nothing is due', async () => {
    const statements: string[] = [];
    const counting: Database = {
      ...t.db,
      transaction: (scope, fn) => t.db.transaction(scope, (tx) => fn(new Proxy(tx, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (key === 'execute' || key === 'select' || key === 'update' || key === 'insert') statements.push(String(key));
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }))),
    };
    // Far in the past: whatever other tests left due, nothing was due then.
    expect(await run(new Date('2000-01-01T00:00:00Z'), counting)).toEqual({ charged: 0, failed: 0, waiting: 0 });
    expect(statements).toEqual(['execute']);
  });

  it('is one of the app’s timed jobs: a trigger of the runner charges what is due', async () => {
    const { school } = await familyWithAutopay();
    const { invoice } = await openInvoice(t, school, school.student.id, { dueOn: today() });
    t.services.jobs.trigger(AUTOPAY_JOB);
    await t.services.jobs.idle();
    expect((await invoiceRow(invoice.id)).status).toBe('paid');
  });
});

/** Past the claim's lease: a run then sees the invoice again if it were still due. */
const LEASE_AND_A_BIT = 11 * 60_000;
