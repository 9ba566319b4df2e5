import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../db/client.js';
import { invoiceLines, invoices, payments } from '../../../db/schema/index.js';
import { secretBoxOf, type SecretBox } from '../../../lib/secret-box.js';
import { createSchool, type TestSchool } from '../../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { createInvoice, recomputeInvoiceTotals, sendInvoice } from '../invoices/index.js';
import { setZone } from '../reports/report-test-kit.js';
import { addLateFees } from './add-late-fees.js';
import { addDays } from '../../../../shared/school-clock.js';

/** The `add-late-fees` job: one fee an invoice, however often and on however many nodes it runs. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const APP_URL = 'http://cadenza.test';
const DUE = '2026-03-10';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let box: SecretBox;

/** Noon in New York, `days` after the due date. */
const daysAfterDue = (days: number) => new Date(`${addDays(DUE, days)}T16:00:00Z`);
const run = (now: Date, db: Database = t.db) => addLateFees(db, box, APP_URL, { now });

async function invoiceOf(s: TestSchool, status: 'open' | 'draft' | 'void' | 'paid' = 'open', studentId = s.student.id, dueOn = DUE): Promise<string> {
  return t.db.transaction({ kind: 'school', adminId: s.adminId }, async (tx) => {
    const invoice = await createInvoice(tx, box, {
      adminId: s.adminId, studentId, dueOn, issuedOn: '2026-03-01', createdBy: null,
      lines: [{ description: 'Piano lessons', quantity: 2, unitPriceCents: 4000 }],
    });
    if (status === 'draft') return invoice.id;
    await sendInvoice(tx, box, APP_URL, invoice.id, null);
    if (status === 'void') await tx.update(invoices).set({ status: 'void' }).where(eq(invoices.id, invoice.id));
    if (status === 'paid') {
      await tx.insert(payments).values({ adminId: s.adminId, invoiceId: invoice.id, studentId, payerId: invoice.payerId, method: 'cash', source: 'staff', status: 'succeeded', amountCents: 8000 });
      await recomputeInvoiceTotals(tx, invoice.id);
    }
    return invoice.id;
  });
}
const invoice = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoices).where(eq(invoices.id, id))))[0]!;
const feeLines = (id: string) => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(invoiceLines.position));
const lateFeeEmails = async () =>
  (await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select to_address, subject, text_body from email_messages where kind = 'invoice-late-fee' order by created_at`))).rows;
const allFees = async () =>
  Number((await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from invoice_lines where kind = 'late_fee'`))).rows[0]!.n);
const settle = (token: string, lateFee: string, after = 5) =>
  t.call('POST', '/api/billing/settings', { token, body: { currency: 'USD', defaultDueDays: 14, lateFee, lateFeeAfterDays: after } });

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  await setZone(t.db, a.adminId, 'America/New_York');
  box = secretBoxOf(t.services.config);
  expect((await settle(await sessionToken(t, a.admin.id), '15')).status).toBe(200);
});
afterAll(() => t.close());

describe('add-late-fees', () => {
  let open: string;
  let partly: string;
  let others: string[];
  beforeAll(async () => {
    open = await invoiceOf(a);
    partly = await invoiceOf(a, 'open', a.otherStudent.id);
    await t.db.transaction({ kind: 'school', adminId: a.adminId }, async (tx) => {
      const row = (await tx.select().from(invoices).where(eq(invoices.id, partly)))[0]!;
      await tx.insert(payments).values({ adminId: a.adminId, invoiceId: partly, studentId: row.studentId, payerId: row.payerId, method: 'check', source: 'staff', status: 'succeeded', amountCents: 3000 });
      await recomputeInvoiceTotals(tx, partly);
    });
    // A draft, a void and a paid invoice of A, and B's open one (B charges no late fee): none gets a fee.
    others = [await invoiceOf(a, 'draft'), await invoiceOf(a, 'void'), await invoiceOf(a, 'paid'), await invoiceOf(b)];
  });

  it('adds nothing before the school’s day comes, not even the evening before in New York', async () => {
    expect(await run(daysAfterDue(4))).toBe(0);
    expect(await run(new Date(`${addDays(DUE, 5)}T03:00:00Z`))).toBe(0);
  });

  it('adds one "Late fee" line to each open invoice, sets late_fee_added_at, recomputes the totals and emails the payer', async () => {
    expect(await run(daysAfterDue(5))).toBe(2);
    const row = await invoice(open);
    expect(row).toMatchObject({ subtotalCents: 9500, totalCents: 9500, paidCents: 0, status: 'open' });
    expect(row.lateFeeAddedAt).toEqual(daysAfterDue(5));
    expect((await feeLines(open)).map((l) => [l.position, l.kind, l.description, l.amountCents])).toEqual([[0, 'item', 'Piano lessons', 8000], [1, 'late_fee', 'Late fee', 1500]]);
    expect(await invoice(partly)).toMatchObject({ totalCents: 9500, paidCents: 3000, status: 'open' });
    const emails = await lateFeeEmails();
    expect(emails.map((e) => e.to_address).sort()).toEqual([a.parent.email, a.otherStudent.email].sort());
    const toParent = emails.find((e) => e.to_address === a.parent.email)!;
    expect(toParent.subject).toMatch(/^Late fee added to invoice INV-\d{6} from /);
    expect(toParent.text_body).toContain('a late fee of $15.00');
    expect(toParent.text_body).toContain('The balance due is now $95.00');
    expect(toParent.text_body).toContain(`${APP_URL}/invoices/pay/`);
    for (const id of others) expect(await feeLines(id)).toHaveLength(1);
  });

  it('never adds a second fee, run again later or many times at once', async () => {
    expect(await run(daysAfterDue(5))).toBe(0);
    expect(await Promise.all([run(daysAfterDue(40)), run(daysAfterDue(40))])).toEqual([0, 0]);
    expect(await feeLines(open)).toHaveLength(2);
    expect(await lateFeeEmails()).toHaveLength(2);
  });

  it('gives concurrent runs one fee an invoice', async () => {
    const fresh = [await invoiceOf(a, 'open', a.student.id, '2026-04-01'), await invoiceOf(a, 'open', a.otherStudent.id, '2026-04-02')];
    const now = new Date('2026-05-01T16:00:00Z');
    const counts = await Promise.all([run(now), run(now), run(now)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(2);
    for (const id of fresh) expect((await feeLines(id)).filter((l) => l.kind === 'late_fee')).toHaveLength(1);
  });

  it('adds nothing while the school’s fee is 0, and costs one query when nothing is due', async () => {
    await settle(await sessionToken(t, a.admin.id), '0');
    await invoiceOf(a, 'open', a.student.id, '2026-06-01');
    let transactions = 0;
    const counting: Database = { ...t.db, transaction: (scope, fn) => { transactions += 1; return t.db.transaction(scope, fn); } };
    expect(await run(new Date('2026-07-01T16:00:00Z'), counting)).toBe(0);
    expect(transactions).toBe(1);
    await settle(await sessionToken(t, a.admin.id), '15');
  });
});

describe.skipIf(!onPostgres)('two app nodes on PostgreSQL', () => {
  it('add one fee an invoice when both run at the same moment', async () => {
    const second = await openDatabase({ url: (t.db as Database & { url: string }).url, poolSize: 5 });
    try {
      const fresh = await Promise.all([1, 2, 3].map((d) => invoiceOf(a, 'open', d % 2 ? a.student.id : a.otherStudent.id, `2026-08-0${d}`)));
      const now = new Date('2026-09-01T16:00:00Z');
      const feesBefore = await allFees();
      const counts = await Promise.all([run(now, t.db), run(now, second), run(now, t.db), run(now, second)]);
      // These three, and the June invoice made while the fee was off.
      expect(counts.reduce((x, y) => x + y, 0)).toBe(4);
      expect(await allFees()).toBe(feesBefore + 4);
      for (const id of fresh) expect((await feeLines(id)).filter((l) => l.kind === 'late_fee')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
