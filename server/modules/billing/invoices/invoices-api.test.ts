import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, invoices, merchantAccounts, notifications, payments, users } from '../../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createTestApp, rawCall, sessionToken, type TestApp } from '../../../test/test-app.js';
import { INVOICE_MESSAGES as M } from '../../../../shared/contracts/billing-invoices.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { invoiceCalls, pdfText, privateLessonTypeOf, tokensOf, type Tokens } from './test-kit.js';
import { patient } from '../../../../tests/patience.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let tokB: Tokens;
let api: ReturnType<typeof invoiceCalls>;

const today = () => DateTime.now().setZone('America/New_York').toISODate()!;
const inDays = (n: number) => DateTime.now().setZone('America/New_York').plus({ days: n }).toISODate()!;
const form = (s: TestSchool, extra: Record<string, unknown> = {}) => ({
  studentId: s.student.id,
  lines: [{ description: 'Piano lessons, March', quantity: 4, unitPrice: '35' }, { description: 'Method book', quantity: 1, unitPrice: 12.5 }],
  discount: '10',
  dueOn: inDays(14),
  note: 'Thank you!',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Invoice Test Academy' });
  b = await createSchool(t.db);
  tok = await tokensOf(t, a);
  tokB = await tokensOf(t, b);
  api = invoiceCalls(t);
});
afterAll(() => t.close());

/** A draft of school `s`, made through the API. */
const draftOf = async (s: TestSchool, token: string, extra: Record<string, unknown> = {}) => (await api.ok('/create', token, form(s, extra)))._id as string;

describe('POST /api/invoices/create', () => {
  it('saves a draft with the totals computed on the server, and records the activity', async () => {
    const res = await api.call('/create', tok.admin, { ...form(a), total: 1 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.created);
    const view = await api.ok(`/view/${res.body.data._id}`, tok.admin, undefined, 'GET');
    expect(view).toMatchObject({
      status: 'draft', subtotal: 152.5, discount: 10, total: 142.5, paid: 0, balance: 142.5, note: 'Thank you!', payLink: null, testMode: true,
      student: { _id: a.student.id }, payer: { _id: a.parent.id },
    });
    expect(view.number).toMatch(/^INV-\d{6}$/);
    expect(view.lines.map((l: { amount: number }) => l.amount)).toEqual([140, 12.5]);
    const [line] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'invoice.created')).orderBy(sql`created_at desc`).limit(1));
    expect(line!.meta).toMatchObject({ name: `${view.number} (Student Tester)` });
  });

  it('sends at once when asked: open, one email to the parent with the PDF', async () => {
    const mark = t.sentEmails.length;
    const res = await api.call('/create', tok.subadmin, form(a, { send: true }));
    expect(res.body.message).toBe(M.sent);
    expect(res.body.data.emailedTo).toBe(a.parent.email);
    await vi.waitFor(() => expect(t.sentEmails.length).toBe(mark + 1), { timeout: patient(10_000) });
    const email = t.sentEmails[mark]!;
    expect(email.to).toBe(a.parent.email);
    expect(email.attachments?.[0]?.contentType).toBe('application/pdf');
    const view = await api.ok(`/view/${res.body.data._id}`, tok.admin, undefined, 'GET');
    expect(view.status).toBe('open');
    expect(email.text).toContain(view.payLink);
  });

  it('refuses bad input with the messages by field, and saves nothing', async () => {
    const count = async () => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(invoices)))[0]!.n;
    const before = await count();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ studentId: '' }, { studentId: M.studentRequired }],
      [{ lines: [] }, { lines: M.linesRequired }],
      [{ lines: [{ description: '', quantity: 1, unitPrice: 5 }] }, { 'lines.0.description': M.descriptionRequired }],
      [{ lines: [{ description: 'x', quantity: 0, unitPrice: 5 }] }, { 'lines.0.quantity': M.quantity }],
      [{ lines: [{ description: 'x', quantity: 1.5, unitPrice: 5 }] }, { 'lines.0.quantity': M.quantity }],
      [{ lines: [{ description: 'x', quantity: 1, unitPrice: '-5' }] }, { 'lines.0.unitPrice': 'Please enter an amount between 0 and 100000' }],
      [{ lines: [{ description: 'x', quantity: 1, unitPrice: '5.555' }] }, { 'lines.0.unitPrice': 'Please enter at most two decimals' }],
      [{ lines: [{ description: 'x', quantity: 1000, unitPrice: 100000 }, { description: 'y', quantity: 1000, unitPrice: 100000 }] }, { lines: M.totalTooBig }],
      [{ discount: '500' }, { discount: M.discountTooBig }],
      [{ dueOn: '' }, { dueOn: 'Date is Required' }],
      [{ dueOn: '2031-02-30' }, { dueOn: 'Please enter a valid date' }],
      [{ studentId: a.teacher.id }, { studentId: M.studentNotInSchool }],
      [{ studentId: b.student.id }, { studentId: M.studentNotInSchool }],
      [{ lines: [{ description: 'x', quantity: 1, unitPrice: 5, lessonId: randomUUID() }], discount: 0 }, { 'lines.0.lessonId': M.lessonNotOfStudent }],
    ];
    for (const [change, errors] of cases) {
      const res = await api.call('/create', tok.admin, form(a, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors, JSON.stringify(change)).toMatchObject(errors);
    }
    expect(await count()).toBe(before);
  });
});

describe('POST /api/invoices/update', () => {
  it('changes a draft (a new student, new payer, new lines), then refuses once it is sent', async () => {
    const id = await draftOf(a, tok.admin);
    const res = await api.call('/update', tok.admin, { ...form(a), id, studentId: a.otherStudent.id, lines: [{ description: 'Theory class', quantity: 2, unitPrice: 20 }], discount: 0 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.updated);
    const view = await api.ok(`/view/${id}`, tok.admin, undefined, 'GET');
    expect(view).toMatchObject({ total: 40, student: { _id: a.otherStudent.id }, payer: { _id: a.otherStudent.id } });
    expect(view.lines).toHaveLength(1);
    await api.ok('/send', tok.admin, { id });
    const again = await api.call('/update', tok.admin, { ...form(a), id });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.onlyDraft);
  });
});

describe('GET /api/invoices/view/{id}', () => {
  it("answers another school's invoice as an unknown one (404)", async () => {
    const theirs = await draftOf(b, tokB.admin);
    const res = await api.call(`/view/${theirs}`, tok.admin, undefined, 'GET');
    const nowhere = await api.call(`/view/${randomUUID()}`, tok.admin, undefined, 'GET');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(nowhere.body);
  });

  it('shows the school out of test mode once Authorize.Net runs in production', async () => {
    const s = await createSchool(t.db);
    const token = await sessionToken(t, s.admin.id);
    const id = await draftOf(s, token);
    expect((await api.ok(`/view/${id}`, token, undefined, 'GET')).testMode).toBe(true);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(merchantAccounts).values({
      adminId: s.adminId, gateway: 'authorizenet', environment: 'production', apiLoginIdEncrypted: 'x', apiLoginIdLast4: 'x', transactionKeyEncrypted: 'x', transactionKeyLast4: 'x',
    }));
    expect((await api.ok(`/view/${id}`, token, undefined, 'GET')).testMode).toBe(false);
  });
});

describe('POST /api/invoices/send and resend', () => {
  it('sends a draft once; resends an open one; refuses the wrong state', async () => {
    const id = await draftOf(a, tok.admin);
    expect((await api.call('/resend', tok.admin, { id })).body.message).toBe(M.notOpen);
    const sent = await api.call('/send', tok.admin, { id });
    expect(sent.body.message).toBe(M.sent);
    expect((await api.call('/send', tok.admin, { id })).body.message).toBe(M.notSendable);
    // The first send's email goes out after commit: count from when it has arrived.
    const number = (await api.ok(`/view/${id}`, tok.admin, undefined, 'GET')).number as string;
    const about = () => t.sentEmails.filter((m) => m.text.includes(number));
    await vi.waitFor(() => expect(about()).toHaveLength(1), { timeout: patient(10_000) });
    const resent = await api.call('/resend', tok.admin, { id });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(M.resent);
    await vi.waitFor(() => expect(about()).toHaveLength(2), { timeout: patient(10_000) });
    expect(about()[1]!.text).toContain('sends you again');
  });

  it('tells the payer under the bell on each send, unless their notifications are off', async () => {
    const notesOfParent = () => t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(notifications).where(and(eq(notifications.userId, a.parent.id), eq(notifications.kind, 'invoice-sent'))));
    const before = (await notesOfParent()).length;
    const id = await draftOf(a, tok.admin);
    await api.ok('/send', tok.admin, { id });
    const number = (await api.ok(`/view/${id}`, tok.admin, undefined, 'GET')).number as string;
    const notes = await notesOfParent();
    expect(notes).toHaveLength(before + 1);
    expect(notes.find((n) => n.title === `Invoice ${number} from Invoice Test Academy`)).toMatchObject({ link: '/paymentBilling', adminId: a.adminId });
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: false }).where(eq(users.id, a.parent.id)));
    await api.ok('/resend', tok.admin, { id });
    expect(await notesOfParent()).toHaveLength(before + 1);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: true }).where(eq(users.id, a.parent.id)));
  });

  it('opens the invoice of a payer without an email address and says to share the link', async () => {
    const student = await createUser(t.db, 'student', a.adminId, { email: null });
    const id = await draftOf(a, tok.admin, { studentId: student.id });
    const res = await api.call('/send', tok.admin, { id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.noEmail);
    expect((await api.ok(`/view/${id}`, tok.admin, undefined, 'GET')).payLink).toMatch(/\/invoices\/pay\/[A-Za-z0-9_-]{43}$/);
  });
});

describe('POST /api/invoices/recordPayment', () => {
  it('takes cash up to the balance: partly paid, then paid at zero', async () => {
    const id = await draftOf(a, tok.admin);
    await api.ok('/send', tok.admin, { id });
    const over = await api.call('/recordPayment', tok.admin, { id, method: 'cash', amount: '142.51', paidOn: today() });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ amount: `${M.amountOverBalance} ($142.50)` });
    const part = await api.call('/recordPayment', tok.admin, { id, method: 'cash', amount: '42.50', paidOn: today() });
    expect(part.body).toMatchObject({ status: 200, message: M.paymentRecorded, data: { status: 'open', balance: 100 } });
    const list = await api.ok('/list', tok.admin, { status: 'partly_paid' });
    expect(list.results.map((r: { _id: string }) => r._id)).toContain(id);
    await api.ok('/recordPayment', tok.admin, { id, method: 'check', amount: 100, reference: 'Check #12', paidOn: inDays(-3) });
    const view = await api.ok(`/view/${id}`, tok.admin, undefined, 'GET');
    expect(view).toMatchObject({ status: 'paid', paid: 142.5, balance: 0 });
    expect(view.payments.map((p: { method: string; amount: number; reference: string; refundable: number }) => [p.method, p.amount, p.reference, p.refundable]))
      .toEqual([['check', 100, 'Check #12', 0], ['cash', 42.5, '', 0]]);
    expect((await api.call('/recordPayment', tok.admin, { id, method: 'cash', amount: 1, paidOn: today() })).body.message).toBe(M.notPayable);
  });

  it('refuses bad input by field: method, amount, a future date', async () => {
    const id = await draftOf(a, tok.admin);
    await api.ok('/send', tok.admin, { id });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ method: 'card' }, { method: 'Method is Required' }],
      [{ amount: 0 }, { amount: M.amountRequired }],
      [{ amount: 'abc' }, { amount: 'Please enter an amount between 0 and 100000' }],
      [{ paidOn: inDays(2) }, { paidOn: M.paidOnFuture }],
      [{ reference: 'x'.repeat(101) }, { reference: M.referenceMax }],
    ];
    for (const [change, errors] of cases) {
      const res = await api.call('/recordPayment', tok.admin, { id, method: 'cash', amount: 5, paidOn: today(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors).toMatchObject(errors);
    }
    expect((await api.ok(`/view/${id}`, tok.admin, undefined, 'GET')).payments).toEqual([]);
  });

  it('refuses a draft', async () => {
    const id = await draftOf(a, tok.admin);
    expect((await api.call('/recordPayment', tok.admin, { id, method: 'cash', amount: 5, paidOn: today() })).body.message).toBe(M.notPayable);
  });
});

describe('POST /api/invoices/void', () => {
  it('voids a sent invoice with no money in; not one with money in; not twice', async () => {
    const id = await draftOf(a, tok.admin);
    await api.ok('/send', tok.admin, { id });
    expect((await api.call('/void', tok.admin, { id, reason: '' })).body.errors).toEqual({ reason: M.reasonRequired });
    const res = await api.call('/void', tok.admin, { id, reason: 'Billed the wrong month' });
    expect(res.body).toMatchObject({ status: 200, message: M.voided });
    const view = await api.ok(`/view/${id}`, tok.admin, undefined, 'GET');
    expect(view).toMatchObject({ status: 'void', voidReason: 'Billed the wrong month', payLink: null });
    expect((await api.call('/void', tok.admin, { id, reason: 'again' })).body.message).toBe(M.alreadyVoid);

    const paidSome = await draftOf(a, tok.admin);
    await api.ok('/send', tok.admin, { id: paidSome });
    await api.ok('/recordPayment', tok.admin, { id: paidSome, method: 'cash', amount: 5, paidOn: today() });
    const refused = await api.call('/void', tok.admin, { id: paidSome, reason: 'Mistake' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(M.voidWithMoney);
  });

  it('waits for a card charge still in flight, whose money may have been taken', async () => {
    const id = await draftOf(a, tok.admin);
    await api.ok('/send', tok.admin, { id });
    const [inv] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoices).where(eq(invoices.id, id)));
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(payments).values({
      adminId: inv!.adminId, invoiceId: id, studentId: inv!.studentId, payerId: inv!.payerId, kind: 'charge', method: 'card',
      source: 'pay_page', status: 'pending', amountCents: inv!.totalCents, idempotencyKey: randomUUID(), gateway: 'sandbox', testMode: true,
    }));
    const refused = await api.call('/void', tok.admin, { id, reason: 'Mistake' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PAYMENT_MESSAGES.inProgress);
    expect((await api.ok(`/view/${id}`, tok.admin, undefined, 'GET')).status).toBe('open');
  });
});

describe('POST /api/invoices/list', () => {
  it('pages by 10, searches by number and by student or payer name, filters by status, and totals open and overdue money', async () => {
    const s = await createSchool(t.db);
    const token = await sessionToken(t, s.admin.id);
    const ids: string[] = [];
    for (let i = 0; i < 11; i += 1) ids.push(await draftOf(s, token, { lines: [{ description: 'Lesson', quantity: 1, unitPrice: 10 + i }], discount: 0 }));
    await api.ok('/send', token, { id: ids[0] });
    await api.ok('/send', token, { id: ids[1] });
    // Overdue: due yesterday on the school's clock.
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(invoices).set({ dueOn: inDays(-1) }).where(eq(invoices.id, ids[1]!)));
    const page1 = await api.ok('/list', token, {});
    expect(page1).toMatchObject({ page: 1, limit: 10, totalCount: 11, openTotal: 21, openCount: 2, overdueTotal: 11, overdueCount: 1 });
    expect(page1.results).toHaveLength(10);
    expect(page1.results[0]._id).toBe(ids[10]);
    expect((await api.ok('/list', token, { page: 2 })).results).toHaveLength(1);
    const byStatus = async (status: string) => (await api.ok('/list', token, { status })).results.map((r: { _id: string; status: string }) => [r._id, r.status]);
    expect(await byStatus('overdue')).toEqual([[ids[1], 'overdue']]);
    expect(await byStatus('open')).toEqual([[ids[0], 'open']]);
    expect((await byStatus('draft')).length).toBe(9);
    const view = await api.ok(`/view/${ids[3]}`, token, undefined, 'GET');
    const number = Number(view.number.slice(4));
    for (const search of [view.number, String(number), view.number.toLowerCase().replace('-', '')]) {
      expect((await api.ok('/list', token, { search })).results.map((r: { _id: string }) => r._id), search).toEqual([ids[3]]);
    }
    expect((await api.ok('/list', token, { search: 'Parent Tes' })).totalCount).toBe(11);
    expect((await api.ok('/list', token, { search: 'nobody like this' })).totalCount).toBe(0);
    // Another school's invoices never show.
    expect((await api.ok('/list', tok.admin, { search: 'Parent' })).results.every((r: { payer: { _id: string } }) => r.payer._id !== s.parent.id)).toBe(true);
  });

  it('refuses an unknown status and an over-long search', async () => {
    expect((await api.call('/list', tok.admin, { status: 'late' })).status).toBe(400);
    expect((await api.call('/list', tok.admin, { search: 'x'.repeat(101) })).body.errors).toHaveProperty('search');
  });
});

describe('POST /api/invoices/lessonLines', () => {
  it("makes one line a lesson of the student's calendar in the range, in the school's zone, leaving out cancelled and already invoiced ones", async () => {
    const s = await createSchool(t.db);
    const token = await sessionToken(t, s.admin.id);
    const privateLesson = await privateLessonTypeOf(t, s.adminId);
    const sched = async (path: string, body: unknown) => {
      const res = await t.call('POST', `/api/scheduling${path}`, { token, body });
      expect(res.status, JSON.stringify(res.body.errors ?? res.body.message)).toBe(200);
      return res.body.data;
    };
    const monday = DateTime.now().setZone('America/New_York').plus({ weeks: 2 }).startOf('week');
    const lesson = async (days: number, time: string) => (await sched('/addLesson', {
      teacherId: s.teacher.id, lessonTypeId: privateLesson, studentIds: [s.student.id], date: monday.plus({ days }).toISODate(), startTime: time, durationMinutes: 30,
    }))._id as string;
    const first = await lesson(0, '16:00');
    const second = await lesson(2, '09:30');
    const cancelled = await lesson(3, '10:00');
    await sched('/cancelLesson', { id: cancelled, cancelReason: 'Sick' });
    await lesson(14, '16:00'); // outside the range
    const body = { studentId: s.student.id, from: monday.toISODate(), to: monday.plus({ days: 6 }).toISODate(), unitPrice: '35' };
    const res = await api.ok('/lessonLines', token, body);
    expect(res.lines).toEqual([
      { description: `Private Lesson – ${monday.toFormat('ccc, LLL d')}, 4:00 PM`, quantity: 1, unitPrice: 35, lessonId: first },
      { description: `Private Lesson – ${monday.plus({ days: 2 }).toFormat('ccc, LLL d')}, 9:30 AM`, quantity: 1, unitPrice: 35, lessonId: second },
    ]);
    // Billed once: the lines go on an invoice, and the next ask leaves them out.
    await api.ok('/create', token, { studentId: s.student.id, lines: res.lines, discount: 0, dueOn: inDays(14) });
    expect(await api.ok('/lessonLines', token, body)).toEqual({ lines: [], alreadyInvoiced: 2 });
    // A lesson of the student's calendar is a reference the form checks: another student's is refused.
    const other = await api.call('/create', token, { studentId: s.otherStudent.id, lines: [res.lines[0]], discount: 0, dueOn: inDays(14) });
    expect(other.body.errors).toEqual({ 'lines.0.lessonId': M.lessonNotOfStudent });
  });

  it('refuses a reversed or too long range, and a student of another school', async () => {
    const base = { studentId: a.student.id, from: inDays(10), to: inDays(20), unitPrice: 30 };
    expect((await api.call('/lessonLines', tok.admin, { ...base, to: inDays(5) })).body.errors).toEqual({ to: M.rangeOrder });
    expect((await api.call('/lessonLines', tok.admin, { ...base, from: inDays(-400) })).body.errors).toEqual({ to: M.rangeTooLong });
    expect((await api.call('/lessonLines', tok.admin, { ...base, studentId: b.student.id })).body.errors).toEqual({ studentId: M.studentNotInSchool });
  });
});

describe('GET /api/invoices/defaults and POST /api/invoices/billTo', () => {
  it("starts the form's due date at the school's default days, and says who pays", async () => {
    expect(await api.ok('/defaults', tok.subadmin, undefined, 'GET')).toMatchObject({ today: today(), dueOn: inDays(14), defaultDueDays: 14, currency: 'USD', testMode: true });
    expect(await api.ok('/billTo', tok.admin, { studentId: a.student.id })).toMatchObject({
      student: { _id: a.student.id }, payer: { _id: a.parent.id, role: 'parent', email: a.parent.email },
    });
    expect((await api.ok('/billTo', tok.admin, { studentId: a.otherStudent.id })).payer).toMatchObject({ _id: a.otherStudent.id, role: 'student' });
    expect((await api.call('/billTo', tok.admin, { studentId: b.student.id })).body.errors).toEqual({ studentId: M.studentNotInSchool });
    expect((await api.call('/billTo', tok.admin, { studentId: '' })).body.errors).toEqual({ studentId: M.studentRequired });
  });
});

describe('GET /api/invoices/pdf/{id}', () => {
  it('gives the office and the family billed the PDF, with the number, names and amounts as text', async () => {
    const id = await draftOf(a, tok.admin, { send: true });
    const view = await api.ok(`/view/${id}`, tok.admin, undefined, 'GET');
    for (const token of [tok.admin, tok.subadmin, tok.parent, tok.student]) {
      const res = await rawCall(t, 'GET', `/api/invoices/pdf/${id}`, { token, status: 200 });
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${view.number}.pdf"`);
      const text = await pdfText(res.body);
      for (const part of ['Invoice Test Academy', `Invoice ${view.number}`, 'Parent Tester', 'For: Student Tester', 'Piano lessons, March', '$140.00', '$12.50',
        'Subtotal', '$152.50', 'Discount', '-$10.00', 'Total', '$142.50', 'Balance due', view.payLink, 'Thank you!']) {
        expect(text, part).toContain(part);
      }
    }
  });

  it("keeps a draft and another family's invoice from a family (404), and a teacher out (403)", async () => {
    const draft = await draftOf(a, tok.admin);
    const otherFamily = await draftOf(a, tok.admin, { studentId: a.otherStudent.id, send: true });
    const pdf = (id: string, token: string, status: number) => rawCall(t, 'GET', `/api/invoices/pdf/${id}`, { token, status });
    await pdf(draft, tok.parent, 404);
    await pdf(otherFamily, tok.parent, 404);
    await pdf(otherFamily, tok.student, 404);
    await pdf(otherFamily, tok.teacher, 403);
    await pdf(otherFamily, tokB.admin, 404);
  });
});

describe('who may call', () => {
  const routes: [string, 'POST' | 'GET', (id: string) => unknown][] = [
    ['/list', 'POST', () => ({})],
    ['/create', 'POST', () => form(a)],
    ['/update', 'POST', (id) => ({ ...form(a), id })],
    ['/view/{id}', 'GET', () => undefined],
    ['/send', 'POST', (id) => ({ id })],
    ['/resend', 'POST', (id) => ({ id })],
    ['/void', 'POST', (id) => ({ id, reason: 'x' })],
    ['/recordPayment', 'POST', (id) => ({ id, method: 'cash', amount: 1, paidOn: today() })],
    ['/lessonLines', 'POST', () => ({ studentId: a.student.id, from: inDays(1), to: inDays(2), unitPrice: 1 })],
    ['/pdf/{id}', 'GET', () => undefined],
    ['/defaults', 'GET', () => undefined],
    ['/billTo', 'POST', () => ({ studentId: a.student.id })],
  ];

  it.each(routes)('%s: 401 without a session, 403 for a teacher (and a family on the office calls), nothing changed', async (path, method, body) => {
    const id = await draftOf(a, tok.admin);
    const url = path.replace('{id}', id);
    const before = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoices).where(eq(invoices.id, id)));
    expect((await api.call(url, undefined, body(id), method)).status).toBe(401);
    expect((await api.call(url, tok.teacher, body(id), method)).status).toBe(403);
    const superadmin = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
    expect((await api.call(url, superadmin, body(id), method)).status).toBe(403);
    if (path !== '/pdf/{id}') {
      expect((await api.call(url, tok.parent, body(id), method)).status).toBe(403);
      expect((await api.call(url, tok.student, body(id), method)).status).toBe(403);
    }
    expect(await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoices).where(eq(invoices.id, id)))).toEqual(before);
  });

  it.each(routes.filter(([path]) => !['/list', '/create', '/lessonLines', '/defaults', '/billTo'].includes(path)))("%s: another school's invoice is 404", async (path, method, body) => {
    const theirs = await draftOf(b, tokB.admin);
    const res = await api.call(path.replace('{id}', theirs), tok.admin, path === '/update' ? { ...form(a), id: theirs } : body(theirs), method);
    expect(res.status).toBe(404);
    expect((await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(payments).where(eq(payments.invoiceId, theirs))))).toEqual([]);
  });
});
