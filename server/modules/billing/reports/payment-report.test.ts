import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createTestApp, rawCall, sessionToken, type TestApp } from '../../../test/test-app.js';
import { parseCsv } from '../../../lib/csv.js';
import { insertInvoice, insertPayment, setZone } from './report-test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tok = {} as Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'other' | 'adminB' | 'superadmin', string>;
const ids: Record<string, string> = {};
let invoiceOfStudent: string;

const list = (token: string | undefined, body: Record<string, unknown>) => t.call('POST', '/api/reports/payments/list', { token, body });
const details = (token: string | undefined, id: string) => t.call('GET', `/api/reports/payments/details/${id}`, { token });
const exportCsv = (token: string | undefined, query: Record<string, string>) =>
  rawCall(t, 'GET', `/api/reports/payments/export?${new URLSearchParams(query).toString()}`, { token });
const winter = { from: '2026-01-01', to: '2026-02-28' };
const keysOf = (results: { _id: string }[]) => results.map((r) => Object.keys(ids).find((k) => ids[k] === r._id));

/**
 * School A (New York): the student (the teacher's, the parent's child) pays their invoice by card
 * on 5 January, is declined on 6 January, pays $100 on 2 February that is refunded in full on
 * 3 February; the other student pays $30 cash at 11:30 pm on 31 January (1 February in UTC) and a
 * $20 check on 10 February. School B has one payment of its own.
 */
beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  await setZone(t.db, a.adminId, 'America/New_York');
  const superadmin = await createUser(t.db, 'superadmin', null);
  Object.assign(tok, {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), other: await sessionToken(t, a.otherStudent.id),
    adminB: await sessionToken(t, b.admin.id), superadmin: await sessionToken(t, superadmin.id),
  });
  const mine = await insertInvoice(t.db, { adminId: a.adminId, studentId: a.student.id, payerId: a.parent.id, totalCents: 15_000, paidCents: 5_000 });
  invoiceOfStudent = mine.id;
  const theirs = await insertInvoice(t.db, { adminId: a.adminId, studentId: a.otherStudent.id, payerId: a.otherStudent.id, totalCents: 5_000, paidCents: 5_000 });
  const inB = await insertInvoice(t.db, { adminId: b.adminId, studentId: b.student.id, payerId: b.parent.id });
  ids.card = await insertPayment(t.db, { invoice: mine, at: '2026-01-05T20:00:00Z', amountCents: 5_000, cardBrand: 'Visa', cardLast4: '1111', testMode: true });
  ids.declined = await insertPayment(t.db, { invoice: mine, at: '2026-01-06T20:00:00Z', amountCents: 5_000, status: 'declined', message: 'This transaction has been declined.' });
  ids.cash = await insertPayment(t.db, { invoice: theirs, at: '2026-02-01T04:30:00Z', amountCents: 3_000, method: 'cash', source: 'staff', recordedBy: a.admin.id });
  ids.refundedCharge = await insertPayment(t.db, { invoice: mine, at: '2026-02-02T15:00:00Z', amountCents: 10_000, refundedCents: 10_000 });
  ids.refund = await insertPayment(t.db, { invoice: mine, at: '2026-02-03T15:00:00Z', amountCents: 10_000, kind: 'refund', refundOfId: ids.refundedCharge, source: 'staff' });
  ids.check = await insertPayment(t.db, { invoice: theirs, at: '2026-02-10T15:00:00Z', amountCents: 2_000, method: 'check', source: 'staff', reference: '=1001' });
  ids.inB = await insertPayment(t.db, { invoice: inB, at: '2026-01-10T15:00:00Z', amountCents: 7_000 });
});
afterAll(() => t.close());

describe('POST /api/reports/payments/list', () => {
  it('gives staff the school: rows newest first, totals and money a school-local month', async () => {
    const res = await list(tok.subadmin, winter);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(keysOf(data.results)).toEqual(['check', 'refund', 'refundedCharge', 'cash', 'declined', 'card']);
    expect(data.totalCount).toBe(6);
    expect(data.totals).toEqual({ collected: 200, refunded: 100, net: 100, count: 6 });
    expect(data.timeZone).toBe('America/New_York');
    // The cash paid at 11:30 pm on 31 January counts for January, where the school is.
    expect(data.byMonth).toEqual([{ month: '2026-01', collected: 80, refunded: 0 }, { month: '2026-02', collected: 120, refunded: 100 }]);
    expect(data.results[3]).toEqual({
      _id: ids.cash, date: '2026-01-31T23:30:00-05:00', kind: 'payment', method: 'cash', status: 'succeeded', amount: 30, refunded: 0, currency: 'USD',
      student: { _id: a.otherStudent.id, first_name: 'Student', last_name: 'Tester' }, payer: { _id: a.otherStudent.id, first_name: 'Student', last_name: 'Tester' },
      invoice: { _id: expect.any(String), number: 'INV-000002' }, school: { _id: a.adminId, school_name: expect.any(String) },
      card: null, reference: '', testMode: false,
    });
    const card = data.results.find((r: { _id: string }) => r._id === ids.card);
    expect(card).toMatchObject({ card: { brand: 'Visa', last4: '1111' }, testMode: true, invoice: { number: 'INV-000001' }, payer: { _id: a.parent.id } });
    expect(data.results.find((r: { _id: string }) => r._id === ids.refundedCharge)).toMatchObject({ status: 'refunded', refunded: 100, kind: 'payment' });
    expect(data.results.find((r: { _id: string }) => r._id === ids.refund)).toMatchObject({ status: 'refunded', amount: 100, kind: 'refund' });
  });

  it('cuts the range at the school’s midnight, not UTC’s', async () => {
    expect(keysOf((await list(tok.admin, { from: '2026-02-01', to: '2026-02-28' })).body.data.results)).toEqual(['check', 'refund', 'refundedCharge']);
    expect(keysOf((await list(tok.admin, { from: '2026-01-31', to: '2026-01-31' })).body.data.results)).toEqual(['cash']);
  });

  it('filters by student, method and status, with the totals of the filter', async () => {
    expect(keysOf((await list(tok.admin, { ...winter, studentId: a.otherStudent.id })).body.data.results)).toEqual(['check', 'cash']);
    expect(keysOf((await list(tok.admin, { ...winter, method: 'cash' })).body.data.results)).toEqual(['cash']);
    const refunded = (await list(tok.admin, { ...winter, status: 'refunded' })).body.data;
    expect(keysOf(refunded.results)).toEqual(['refund', 'refundedCharge']);
    expect(refunded.totals).toEqual({ collected: 100, refunded: 100, net: 0, count: 2 });
    expect(keysOf((await list(tok.admin, { ...winter, status: 'succeeded' })).body.data.results)).toEqual(['check', 'cash', 'card']);
    const declined = (await list(tok.admin, { ...winter, status: 'declined' })).body.data;
    expect(keysOf(declined.results)).toEqual(['declined']);
    expect(declined.totals).toEqual({ collected: 0, refunded: 0, net: 0, count: 1 });
    expect((await list(tok.admin, { ...winter, status: 'pending' })).body.data.totalCount).toBe(0);
  });

  it('pages by ten by default, keeping the totals of the whole filter, and sorts by amount', async () => {
    const page2 = (await list(tok.admin, { ...winter, page: 2, limit: 2 })).body.data;
    expect(keysOf(page2.results)).toEqual(['refundedCharge', 'cash']);
    expect(page2).toMatchObject({ page: 2, limit: 2, totalCount: 6, totals: { count: 6 } });
    expect((await list(tok.admin, winter)).body.data.limit).toBe(10);
    const byAmount = (await list(tok.admin, { ...winter, sortBy: 'amount', orderBy: 1 })).body.data;
    expect(byAmount.results.map((r: { amount: number }) => r.amount)).toEqual([20, 30, 50, 50, 100, 100]);
  });

  it('gives a teacher their students’ payments only, a student their own, a parent their children’s', async () => {
    const mine = ['refund', 'refundedCharge', 'declined', 'card'];
    expect(keysOf((await list(tok.teacher, winter)).body.data.results)).toEqual(mine);
    expect(keysOf((await list(tok.student, winter)).body.data.results)).toEqual(mine);
    expect(keysOf((await list(tok.parent, winter)).body.data.results)).toEqual(mine);
    expect(keysOf((await list(tok.parent, { ...winter, studentId: a.student.id })).body.data.results)).toEqual(mine);
    expect(keysOf((await list(tok.other, winter)).body.data.results)).toEqual(['check', 'cash']);
    expect((await list(tok.teacher, winter)).body.data.totals).toEqual({ collected: 150, refunded: 100, net: 50, count: 4 });
  });

  it('answers 404 for a student or school outside the caller’s reach, as for one that does not exist', async () => {
    expect((await list(tok.parent, { ...winter, studentId: a.otherStudent.id })).status).toBe(404);
    expect((await list(tok.teacher, { ...winter, studentId: a.otherStudent.id })).status).toBe(404);
    expect((await list(tok.student, { ...winter, studentId: a.otherStudent.id })).status).toBe(404);
    const theirs = await list(tok.adminB, { ...winter, studentId: a.student.id });
    const nowhere = await list(tok.adminB, { ...winter, studentId: randomUUID() });
    expect(theirs).toEqual(nowhere);
    expect(theirs.status).toBe(404);
    expect((await list(tok.admin, { ...winter, adminId: b.adminId })).body).toEqual((await list(tok.admin, { ...winter, adminId: randomUUID() })).body);
    expect((await list(tok.admin, { ...winter, adminId: b.adminId })).status).toBe(404);
    expect((await list(tok.admin, { ...winter, adminId: a.adminId })).body.data.totalCount).toBe(6);
    expect(keysOf((await list(tok.adminB, winter)).body.data.results)).toEqual(['inB']);
  });

  it('gives the superadmin every school in UTC, or the school they name in its zone', async () => {
    const all = (await list(tok.superadmin, winter)).body.data;
    expect(all.timeZone).toBe('UTC');
    expect(all.totalCount).toBeGreaterThanOrEqual(7);
    expect(keysOf(all.results)).toContain('inB');
    const one = (await list(tok.superadmin, { ...winter, adminId: a.adminId })).body.data;
    expect(one).toMatchObject({ totalCount: 6, timeZone: 'America/New_York' });
    expect((await list(tok.superadmin, { ...winter, adminId: randomUUID() })).status).toBe(404);
  });

  it('answers 401 without a session and 400 with messages, changing nothing', async () => {
    expect((await list(undefined, winter)).status).toBe(401);
    const backwards = await list(tok.admin, { from: '2026-03-01', to: '2026-02-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ to: 'The end date must be on or after the start date' });
    expect((await list(tok.admin, { to: '2026-02-01' })).body.errors?.from).toBe('Date is Required');
    expect((await list(tok.admin, { ...winter, status: 'asleep' })).status).toBe(400);
    expect((await list(tok.admin, { ...winter, method: 'bitcoin' })).status).toBe(400);
    expect((await list(tok.admin, { ...winter, studentId: 'nope' })).body.errors?.studentId).toBe('Invalid id');
    expect((await list(tok.admin, { from: '2020-01-01', to: '2026-01-01' })).body.errors?.to).toBe('Choose at most three years at once');
  });
});

describe('GET /api/reports/payments/export', () => {
  it('downloads every row of the filters as CSV, oldest first, on the school’s clock, formulas defused', async () => {
    const res = await exportCsv(tok.admin, winter);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments-2026-01-01-2026-02-28.csv"');
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['Date', 'Time', 'Invoice', 'Student', 'Payer', 'Type', 'Method', 'Card', 'Status', 'Amount', 'Refunded', 'Reference', 'Test mode']);
    expect(rows.slice(1).map((r) => `${r[0]} ${r[1]}`)).toEqual(['2026-01-05 15:00', '2026-01-06 15:00', '2026-01-31 23:30', '2026-02-02 10:00', '2026-02-03 10:00', '2026-02-10 10:00']);
    expect(rows[1]).toEqual(['2026-01-05', '15:00', 'INV-000001', 'Student Tester', 'Parent Tester', 'Payment', 'Card', 'Visa 1111', 'Succeeded', '50.00', '0.00', '', 'Yes']);
    expect(rows[5]!.slice(5, 11)).toEqual(['Refund', 'Card', '', 'Refunded', '100.00', '0.00']);
    expect(rows[6]![11]).toBe("'=1001");
  });

  it('exports the same filters and reach as the list', async () => {
    expect(parseCsv((await exportCsv(tok.admin, { ...winter, method: 'check' })).text)).toHaveLength(2);
    expect(parseCsv((await exportCsv(tok.parent, winter)).text)).toHaveLength(1 + 4);
    expect(parseCsv((await exportCsv(tok.teacher, winter)).text)).toHaveLength(1 + 4);
    const superRows = parseCsv((await exportCsv(tok.superadmin, winter)).text);
    expect(superRows[0]![2]).toBe('School');
    expect(superRows.length).toBeGreaterThanOrEqual(1 + 7);
  });

  it('answers 401, 400 and 404', async () => {
    expect((await exportCsv(undefined, winter)).status).toBe(401);
    expect((await exportCsv(tok.admin, { from: '2026-03-01', to: '2026-02-01' })).status).toBe(400);
    expect((await exportCsv(tok.admin, { ...winter, status: 'asleep' })).status).toBe(400);
    expect((await exportCsv(tok.parent, { ...winter, studentId: a.otherStudent.id })).status).toBe(404);
    expect((await exportCsv(tok.adminB, { ...winter, studentId: a.student.id })).status).toBe(404);
  });
});

describe('GET /api/reports/payments/details/{id}', () => {
  it('answers the payment, its invoice and every payment of the invoice, oldest first', async () => {
    const res = await details(tok.admin, ids.refund!);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.payment).toMatchObject({ _id: ids.refund, kind: 'refund', status: 'refunded', amount: 100, refundOfId: ids.refundedCharge, source: 'staff' });
    expect(data.invoice).toMatchObject({ _id: invoiceOfStudent, number: 'INV-000001', total: 150, paid: 50, balance: 100, status: 'overdue', dueOn: '2026-01-15' });
    expect(keysOf(data.payments)).toEqual(['card', 'declined', 'refundedCharge', 'refund']);
    expect(data.payments[1]).toMatchObject({ status: 'declined', message: 'This transaction has been declined.' });
    expect(data.timeZone).toBe('America/New_York');
    const cash = (await details(tok.subadmin, ids.cash!)).body.data;
    expect(cash.payment.recordedBy).toEqual({ _id: a.admin.id, first_name: 'Admin', last_name: 'Tester' });
  });

  it('follows the report’s reach: a family its own, a teacher their students’, the superadmin any', async () => {
    expect((await details(tok.parent, ids.card!)).status).toBe(200);
    expect((await details(tok.student, ids.card!)).status).toBe(200);
    expect((await details(tok.teacher, ids.card!)).status).toBe(200);
    expect((await details(tok.other, ids.check!)).status).toBe(200);
    const asSuper = await details(tok.superadmin, ids.card!);
    expect(asSuper.status).toBe(200);
    expect(asSuper.body.data.timeZone).toBe('America/New_York');
    for (const [token, id] of [[tok.parent, ids.cash], [tok.student, ids.check], [tok.teacher, ids.cash], [tok.other, ids.card]] as const) {
      expect((await details(token, id!)).status).toBe(404);
    }
  });

  it('answers another school’s payment as one that does not exist, and 401 and 400', async () => {
    const theirs = await details(tok.adminB, ids.card!);
    const nowhere = await details(tok.adminB, randomUUID());
    expect(theirs).toEqual(nowhere);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Payment not found');
    expect((await details(undefined, ids.card!)).status).toBe(401);
    expect((await details(tok.admin, 'not-an-id')).status).toBe(400);
  });
});
