import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, parentChildren } from '../../../db/schema/index.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { FAMILY_MESSAGES as M } from '../../../../shared/contracts/billing-family.js';
import { expectCall, goodCard, openInvoice, type OpenInvoice } from './test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
/** The parent's second child. */
let sibling: TestUser;
let otherParent: TestUser;
let tokens: Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'otherStudent' | 'otherParent' | 'sibling' | 'adminB', string>;
let lily: OpenInvoice;
let owen: OpenInvoice;
let paid: OpenInvoice;

const invoicesOf = (token: string, body: object = {}, status = 200) => expectCall(t, 'POST', '/api/paymentbilling/invoices', status, { token, body });
const markPaid = (id: string) =>
  t.db.transaction({ kind: 'all' }, (tx) => tx.update(invoices).set({ status: 'paid', paidCents: 12_000, paidAt: new Date() }).where(eq(invoices.id, id)));

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  sibling = await createUser(t.db, 'student', a.adminId, { firstName: 'Owen' });
  otherParent = await createUser(t.db, 'parent', a.adminId);
  await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(parentChildren).values({ adminId: a.adminId, parentId: a.parent.id, studentId: sibling.id }));
  tokens = {
    admin: await sessionToken(t, a.admin.id),
    subadmin: await sessionToken(t, a.subadmin.id),
    teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id),
    parent: await sessionToken(t, a.parent.id),
    otherStudent: await sessionToken(t, a.otherStudent.id),
    otherParent: await sessionToken(t, otherParent.id),
    sibling: await sessionToken(t, sibling.id),
    adminB: await sessionToken(t, b.admin.id),
  };
  lily = await openInvoice(t, a, a.student.id, { cents: 12_000, dueOn: '2099-01-10' });
  owen = await openInvoice(t, a, sibling.id, { cents: 4_550, dueOn: '2020-01-10' });
  paid = await openInvoice(t, a, a.student.id, { cents: 12_000 });
  await markPaid(paid.invoice.id);
  // Neither a draft nor another family's invoice shows.
  await openInvoice(t, a, a.student.id, { send: false });
  await openInvoice(t, a, a.otherStudent.id);
});
afterAll(() => t.close());

describe('Payment / Billing: invoices', () => {
  it('shows a parent every child’s open invoices with their pay links and one total, and the paid ones', async () => {
    const { data } = await invoicesOf(tokens.parent);
    expect(data.open.map((i: { _id: string }) => i._id)).toEqual([owen.invoice.id, lily.invoice.id]);
    expect(data.open[0]).toMatchObject({ status: 'overdue', balance: 45.5, total: 45.5, paid: 0, payLink: owen.link, student: { _id: sibling.id, first_name: 'Owen' } });
    expect(data.open[1]).toMatchObject({ status: 'open', balance: 120, payLink: lily.link, dueOn: '2099-01-10' });
    expect(data.totalDue).toBe(165.5);
    expect(data.paid).toMatchObject({ page: 1, limit: 10, totalCount: 1 });
    expect(data.paid.results[0]).toMatchObject({ _id: paid.invoice.id, status: 'paid', payLink: null, balance: 0 });
    // By first name: Owen, then the factory's "Student".
    expect(data.students.map((s: { _id: string; autopay: boolean }) => [s._id, s.autopay])).toEqual([[sibling.id, false], [a.student.id, false]]);
    expect(data).toMatchObject({ isPayer: true, testMode: true, currency: 'USD' });
  });

  it('narrows a parent’s list to one child', async () => {
    const { data } = await invoicesOf(tokens.parent, { studentId: sibling.id });
    expect(data.open.map((i: { _id: string }) => i._id)).toEqual([owen.invoice.id]);
    expect(data.paid.totalCount).toBe(0);
  });

  it('shows a student their own invoices; a student whose parent pays is not the payer', async () => {
    const { data } = await invoicesOf(tokens.student);
    expect(data.open.map((i: { _id: string }) => i._id)).toEqual([lily.invoice.id]);
    expect(data.isPayer).toBe(false);
    const own = await invoicesOf(tokens.otherStudent);
    expect(own.data.isPayer).toBe(true);
    expect(own.data.open).toHaveLength(1);
  });

  it('lets staff read a named student’s invoices, a teacher their own students’', async () => {
    for (const token of [tokens.admin, tokens.subadmin, tokens.teacher]) {
      const { data } = await invoicesOf(token, { studentId: a.student.id });
      expect(data.open.map((i: { _id: string }) => i._id)).toEqual([lily.invoice.id]);
      expect(data.isPayer).toBe(false);
    }
    const res = await invoicesOf(tokens.admin, {}, 400);
    expect(res.errors).toEqual({ studentId: M.studentRequired });
    // Not the teacher's student: as unknown as another family's.
    await invoicesOf(tokens.teacher, { studentId: sibling.id }, 404);
  });

  it('answers 404 for another family’s or another school’s student, and for a bad page 400', async () => {
    await invoicesOf(tokens.otherParent, { studentId: a.student.id }, 404);
    await invoicesOf(tokens.sibling, { studentId: a.student.id }, 404);
    await invoicesOf(tokens.adminB, { studentId: a.student.id }, 404);
    await invoicesOf(tokens.parent, { page: 0 }, 400);
    await expectCall(t, 'POST', '/api/paymentbilling/invoices', 401, { body: {} });
  });
});

describe('Payment / Billing: autopay switch', () => {
  const autopay = (token: string, body: object, status = 200) => expectCall(t, 'POST', '/api/paymentbilling/autopay', status, { token, body });

  it('needs a default card of the payer’s own to turn on, and says so', async () => {
    const res = await autopay(tokens.parent, { studentId: a.student.id, enabled: true }, 400);
    expect(res).toMatchObject({ message: M.autopayNeedsCard, errors: { enabled: M.autopayNeedsCard } });
  });

  it('turns on and off per child, and gives open invoices a fresh start when turned on', async () => {
    await expectCall(t, 'POST', '/api/studentBilling/addToCard', 200, { token: tokens.parent, body: goodCard });
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(invoices).set({ autopayFailures: 4, autopayNextAt: null }).where(eq(invoices.id, owen.invoice.id)));
    const on = await autopay(tokens.parent, { studentId: sibling.id, enabled: true });
    expect(on).toMatchObject({ message: M.autopayOn, data: { _id: sibling.id, autopay: true } });
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoices).where(eq(invoices.id, owen.invoice.id)));
    expect(row!.autopayFailures).toBe(0);
    const { data } = await invoicesOf(tokens.parent);
    expect(Object.fromEntries(data.students.map((s: { _id: string; autopay: boolean }) => [s._id, s.autopay]))).toEqual({ [sibling.id]: true, [a.student.id]: false });
    expect((await autopay(tokens.parent, { studentId: sibling.id, enabled: false })).message).toBe(M.autopayOff);
  });

  it('is the payer’s: staff and a child whose parent pays get 403, another family 404, another school 404', async () => {
    await autopay(tokens.admin, { studentId: a.student.id, enabled: false }, 403);
    await autopay(tokens.teacher, { studentId: a.student.id, enabled: false }, 403);
    await autopay(tokens.student, { studentId: a.student.id, enabled: false }, 403);
    await autopay(tokens.otherParent, { studentId: a.student.id, enabled: false }, 404);
    await autopay(tokens.adminB, { studentId: a.student.id, enabled: false }, 404);
    const bad = await autopay(tokens.parent, { studentId: a.student.id, enabled: 'yes' }, 400);
    expect(Object.keys(bad.errors ?? {})).toEqual(['enabled']);
    await expectCall(t, 'POST', '/api/paymentbilling/autopay', 401, { body: {} });
  });
});

describe('GET /api/paymentMethod/getPaymentMethodList/{studentId}', () => {
  const url = (id: string) => `/api/paymentMethod/getPaymentMethodList/${id}`;

  it('answers the payer’s own cards and the brands a new card may be', async () => {
    const { data } = await expectCall(t, 'GET', url(a.student.id), 200, { token: tokens.parent });
    expect(data.cards.map((c: { last4: string; mine: boolean }) => [c.last4, c.mine])).toEqual([['1111', true]]);
    expect(data.brands).toContain('Visa');
    expect(data.testMode).toBe(true);
    // Staff read the payers' cards.
    expect((await expectCall(t, 'GET', url(a.student.id), 200, { token: tokens.admin })).data.cards).toHaveLength(1);
  });

  it('refuses a child whose parent pays (403), another family (404), another school (404), no session (401)', async () => {
    await expectCall(t, 'GET', url(a.student.id), 403, { token: tokens.student });
    await expectCall(t, 'GET', url(a.student.id), 404, { token: tokens.otherParent });
    await expectCall(t, 'GET', url(a.student.id), 404, { token: tokens.adminB });
    await expectCall(t, 'GET', url(a.student.id), 401);
    await expectCall(t, 'GET', url('not-a-uuid'), 400, { token: tokens.parent });
  });
});
