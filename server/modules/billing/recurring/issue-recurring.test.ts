import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { openDatabase } from '../../../db/client.js';
import { invoiceCounters, invoiceLines, invoices, recurringInvoices } from '../../../db/schema/index.js';
import { secretBoxOf, type SecretBox } from '../../../lib/secret-box.js';
import { createSchool, type TestSchool } from '../../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { setZone } from '../reports/report-test-kit.js';
import { ISSUE_RECURRING_JOB, issueRecurringInvoices } from './issue-recurring-invoices.js';
import { addDays, todayIn } from '../../../../shared/school-clock.js';

/**
 * The `issue-recurring-invoices` job: each period once, whether it runs twice, on two nodes at the
 * same moment, after a crash half way, or after a month of not running at all.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ZONE = 'America/New_York';
const APP_URL = 'http://cadenza.test';

let t: TestApp;
let a: TestSchool;
let box: SecretBox;
let admin: string;
let today: string;

const create = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/recurringInvoices/create', { token: admin, body });
  expect(res.status, JSON.stringify(res.body.errors)).toBe(200);
  return res.body.data as { _id: string; nextInvoiceOn: string };
};
const template = (over: Record<string, unknown> = {}) => ({
  studentId: a.student.id, lines: [{ description: 'Piano lessons', quantity: 4, unitPrice: 35 }], discount: 0,
  frequency: 'weekly', intervalWeeks: 1, startsOn: today, dueDays: 10, autoSend: true, note: 'Tuition', ...over,
});
/** Noon in New York on a school-local date. */
const noonOn = (date: string) => new Date(`${date}T17:00:00Z`);
const run = (now: Date, db: Database = t.db, options: Parameters<typeof issueRecurringInvoices>[3] = {}) =>
  issueRecurringInvoices(db, box, APP_URL, { now, ...options });
const invoicesOf = (recurringId: string) => t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(invoices).where(eq(invoices.recurringInvoiceId, recurringId)).orderBy(invoices.periodStartsOn));
const templateRow = async (id: string) =>
  (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id))))[0]!;
const emailsTo = async (address: string) =>
  (await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select subject, attachments from email_messages where to_address = ${address} and kind = 'invoice'`))).rows;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  await setZone(t.db, a.adminId, ZONE);
  box = secretBoxOf(t.services.config);
  admin = await sessionToken(t, a.admin.id);
  today = todayIn(ZONE);
});
afterAll(() => t.close());

describe('issue-recurring-invoices', () => {
  it('issues the due period once, sent to the payer with its PDF, and moves on to the next', async () => {
    const monthly = await create(template({ frequency: 'monthly', intervalWeeks: null, dayOfMonth: 1 }));
    const period = monthly.nextInvoiceOn;
    // The evening before, in New York (already the 1st in UTC), nothing is due yet.
    expect(await run(new Date(`${period}T03:00:00Z`))).toBe(0);
    expect(await run(noonOn(period))).toBe(1);
    expect(await run(noonOn(period))).toBe(0);
    const [invoice, ...more] = await invoicesOf(monthly._id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      periodStartsOn: period, issuedOn: period, dueOn: addDays(period, 10), status: 'open', totalCents: 14_000, payerId: a.parent.id,
      studentId: a.student.id, note: 'Tuition', createdBy: null,
    });
    const lines = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id)));
    expect(lines).toMatchObject([{ description: 'Piano lessons', quantity: 4, unitPriceCents: 3500, amountCents: 14_000, kind: 'item' }]);
    const [email] = await emailsTo(a.parent.email);
    expect(email!.subject).toMatch(/^Invoice INV-\d{6} from /);
    expect(JSON.stringify(email!.attachments)).toContain('.pdf');
    const [y, m] = period.split('-').map(Number) as [number, number];
    expect((await templateRow(monthly._id)).nextIssueOn).toBe(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10));
    await t.call('DELETE', '/api/recurringInvoices/remove', { token: admin, body: { id: monthly._id } });
  });

  it('catches up every missed period, each once, with numbers in sequence', async () => {
    const weekly = await create(template({ studentId: a.otherStudent.id }));
    expect(await run(noonOn(addDays(today, 21)))).toBe(4);
    expect(await run(noonOn(addDays(today, 21)))).toBe(0);
    const issued = await invoicesOf(weekly._id);
    expect(issued.map((i) => i.periodStartsOn)).toEqual([0, 7, 14, 21].map((d) => addDays(today, d)));
    // Issued the day the job ran, each with its own period and number.
    expect(new Set(issued.map((i) => i.issuedOn))).toEqual(new Set([addDays(today, 21)]));
    const numbers = issued.map((i) => i.number);
    expect(numbers).toEqual(numbers.map((_, k) => numbers[0]! + k));
    expect((await templateRow(weekly._id)).nextIssueOn).toBe(addDays(today, 28));
    await t.call('DELETE', '/api/recurringInvoices/remove', { token: admin, body: { id: weekly._id } });
  });

  it('leaves nothing behind when the process dies half way, and the next run issues the period once', async () => {
    const weekly = await create(template({ autoSend: false }));
    const counter = async () => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoiceCounters).where(eq(invoiceCounters.adminId, a.adminId))))[0]?.lastNumber;
    const before = await counter();
    const failures: unknown[] = [];
    const died = await run(noonOn(today), t.db, {
      hooks: { afterCreate: () => { throw new Error('the process died'); } },
      onError: (_id, error) => failures.push(error),
    });
    expect(died).toBe(0);
    expect(failures).toHaveLength(1);
    expect(await invoicesOf(weekly._id)).toEqual([]);
    expect(await counter()).toBe(before);
    expect((await templateRow(weekly._id)).nextIssueOn).toBe(today);

    expect(await run(noonOn(today))).toBe(1);
    const [draft] = await invoicesOf(weekly._id);
    // Not sent automatically: a draft, and no email.
    expect(draft).toMatchObject({ status: 'draft', periodStartsOn: today, sentAt: null });
    await t.call('DELETE', '/api/recurringInvoices/remove', { token: admin, body: { id: weekly._id } });
  });

  it('stops after the end date, leaving the template inactive', async () => {
    const short = await create(template({ endsOn: addDays(today, 10) }));
    expect(await run(noonOn(addDays(today, 30)))).toBe(2);
    expect((await invoicesOf(short._id)).map((i) => i.periodStartsOn)).toEqual([today, addDays(today, 7)]);
    expect((await templateRow(short._id)).active).toBe(false);
    await t.call('DELETE', '/api/recurringInvoices/remove', { token: admin, body: { id: short._id } });
  });

  it('runs concurrently in one process and still bills each period once', async () => {
    const weekly = await create(template({ studentId: a.otherStudent.id, intervalWeeks: 2 }));
    const counts = await Promise.all([run(noonOn(addDays(today, 42))), run(noonOn(addDays(today, 42))), run(noonOn(addDays(today, 42)))]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(4);
    expect((await invoicesOf(weekly._id)).map((i) => i.periodStartsOn)).toEqual([0, 14, 28, 42].map((d) => addDays(today, d)));
    await t.call('DELETE', '/api/recurringInvoices/remove', { token: admin, body: { id: weekly._id } });
  });

  it('costs one query when nothing is due', async () => {
    let transactions = 0;
    const counting: Database = { ...t.db, transaction: (scope, fn) => { transactions += 1; return t.db.transaction(scope, fn); } };
    expect(await run(noonOn(today), counting)).toBe(0);
    expect(transactions).toBe(1);
  });
});

describe.skipIf(!onPostgres)('two app nodes on PostgreSQL', () => {
  let second: Database;
  let other: TestApp;
  beforeAll(async () => {
    second = await openDatabase({ url: (t.db as Database & { url: string }).url, poolSize: 5 });
    other = await createTestApp({}, { db: second });
  });
  afterAll(async () => {
    await other.close();
    await second.close();
  });

  it('bill each missed period once when both catch up at the same moment', async () => {
    const weekly = await create(template({ studentId: a.otherStudent.id }));
    const now = noonOn(addDays(today, 35));
    const counts = await Promise.all([run(now, t.db), run(now, second), run(now, t.db), run(now, second)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(6);
    expect((await invoicesOf(weekly._id)).map((i) => i.periodStartsOn)).toEqual([0, 7, 14, 21, 28, 35].map((d) => addDays(today, d)));
    await t.call('DELETE', '/api/recurringInvoices/remove', { token: admin, body: { id: weekly._id } });
  });

  it('issue today’s invoice once when both apps’ runners fire the job together', async () => {
    const weekly = await create(template());
    t.services.jobs.trigger(ISSUE_RECURRING_JOB);
    other.services.jobs.trigger(ISSUE_RECURRING_JOB);
    await Promise.all([t.services.jobs.idle(), other.services.jobs.idle()]);
    expect((await invoicesOf(weekly._id)).map((i) => i.periodStartsOn)).toEqual([today]);
  });
});
