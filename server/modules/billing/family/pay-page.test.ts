import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailMessages, invoices, payments } from '../../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createTestApp, rawCall, sessionToken, type TestApp } from '../../../test/test-app.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { pdfText } from '../../../test/pdf-text.js';
import { invoicePdfFacts } from '../invoices/index.js';
import { FAMILY_MESSAGES as M } from '../../../../shared/contracts/billing-family.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { PAY_LIMITS } from './limits.js';
import { expectCall, goodCard, openInvoice, payment } from './test-kit.js';
import { nextIp } from '../../../test/next-ip.js';
import { patient } from '../../../../tests/patience.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
// An address of its own per call (nextIp) unless a test is about addresses: the per-address limit stays out of the way.

const view = (token: string, status = 200) => expectCall(t, 'GET', `/api/invoice/${token}`, status, { ip: nextIp() });
const pay = (body: unknown, status: number, ip = nextIp()) => expectCall(t, 'POST', '/api/invoice/payment', status, { body, ip });
const paymentsOf = (invoiceId: string) => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)));
const invoiceRow = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoices).where(eq(invoices.id, id))))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Riverside Test Academy' });
  b = await createSchool(t.db);
});
afterAll(() => t.close());

describe('GET /api/invoice/{token} (no session)', () => {
  it('answers the payable invoice of docs/domains/billing.md: number, lines, due date, balance due, school, bill-to (the payer), status and test mode', async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id, { cents: 12_345 });
    const { data } = await view(token);
    expect(data).toEqual({
      invoiceNo: `INV-${String(invoice.number).padStart(6, '0')}`,
      dueDeposit: 123.45,
      total: 123.45,
      subtotal: 123.45,
      discount: 0,
      paid: 0,
      currency: 'USD',
      issuedOn: invoice.issuedOn,
      dueDate: invoice.dueOn,
      status: 'open',
      testMode: true,
      adminId: { id: a.adminId, school_name: 'Riverside Test Academy' },
      // The student has a parent: the parent pays, and is billed on the page as on the PDF (decision 075).
      billTo: { first_name: 'Parent', last_name: 'Tester', email: a.parent.email, address1: '', city: '', state: '', postal_code: '', country: '', cellPhone: '' },
      studentName: 'Student Tester',
      lines: [{ description: 'Piano lessons', quantity: 1, unitPrice: 123.45, amount: 123.45 }],
      receipt: null,
    });
  });

  it('bills the same party on the page as the invoice PDF does, by the one rule: the parent who pays, else the student', async () => {
    const box = secretBoxOf(t.services.config);
    const appUrl = t.services.config.appUrl;
    const withParent = await openInvoice(t, a, a.student.id);
    const alone = await openInvoice(t, a, a.otherStudent.id);
    for (const [made, payer, studentName] of [[withParent, a.parent, 'Student Tester'], [alone, a.otherStudent, null]] as const) {
      const { data } = await view(made.token);
      const facts = await t.db.transaction({ kind: 'school', adminId: a.adminId }, (tx) => invoicePdfFacts(tx, box, appUrl, made.invoice));
      expect(made.invoice.payerId).toBe(payer.id);
      expect(`${data.billTo.first_name} ${data.billTo.last_name}`).toBe(facts.billTo.name);
      expect(data.billTo.email).toBe(facts.billTo.email);
      expect(data.studentName).toBe(facts.studentName);
      expect(data.studentName).toBe(studentName);
      // The PDF prints the same name as the page.
      const pdf = await rawCall(t, 'GET', `/api/invoice/${made.token}/pdf`, { status: 200 });
      expect(await pdfText(pdf.body)).toContain(facts.billTo.name);
    }
  });

  it('answers 404 for an unknown token, a draft, and a token of the wrong shape', async () => {
    await view('x'.repeat(43), 404);
    const draft = await openInvoice(t, a, a.student.id, { send: false });
    expect((await view(draft.token, 404)).message).toBe(M.invoiceNotFound);
    await view('short', 400);
  });

  it('says void for a voided invoice', async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(invoices).set({ status: 'void', voidedAt: new Date() }).where(eq(invoices.id, invoice.id)));
    expect((await view(token)).data).toMatchObject({ status: 'void', receipt: null });
  });
});

describe('POST /api/invoice/payment (no session)', () => {
  it('declines with billing ZIP 46282 (the gateway’s words, 400), then approves: the invoice is paid and says so', async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id, { cents: 12_000 });
    const declined = await pay(payment(token, { postalCode: '46282' }, { idempotencyKey: 'attempt-one-0001' }), 400);
    expect(declined.message).toBe('This transaction has been declined.');
    expect((await invoiceRow(invoice.id)).status).toBe('open');

    const approved = await pay(payment(token, {}, { idempotencyKey: 'attempt-two-0002', amount: 0.01, adminId: b.adminId, schoolName: 'Elsewhere' }), 200);
    expect(approved.message).toBe(PAYMENT_MESSAGES.paid('$120.00', `INV-${String(invoice.number).padStart(6, '0')}`));
    // The invoice's balance was charged, not the amount the client named.
    expect(approved.data).toMatchObject({ amount: 120, status: 'paid', balance: 0 });
    const rows = await paymentsOf(invoice.id);
    expect(rows.map((p) => [p.status, p.amountCents, p.source, p.cardLast4, p.adminId])).toEqual(
      expect.arrayContaining([['declined', 12_000, 'pay_page', '1111', a.adminId], ['succeeded', 12_000, 'pay_page', '1111', a.adminId]]),
    );
    expect((await view(token)).data).toMatchObject({ status: 'paid', dueDeposit: 0 });
    // A paid invoice's link cannot charge again.
    const again = await pay(payment(token, {}, { idempotencyKey: 'attempt-three-03' }), 409);
    expect(again.message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect((await paymentsOf(invoice.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it('charges a double click (the same attempt key twice) once', async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id);
    const body = payment(token, {}, { idempotencyKey: 'double-click-0001' });
    const [first, second] = await Promise.all([
      t.call('POST', '/api/invoice/payment', { body, ip: nextIp() }),
      t.call('POST', '/api/invoice/payment', { body, ip: nextIp() }),
    ]);
    expect([first.status, second.status].sort()).toContain(200);
    expect((await paymentsOf(invoice.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).paidCents).toBe(12_000);
  });

  it('refuses bad input with the documented messages and charges nothing', async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ cardNo: '' }, { cardNo: 'Card number is required' }],
      [{ cardNo: '1234567890123456' }, { cardNo: 'Enter a valid card number' }],
      [{ cardNo: '1234 5678 9012 3456' }, { cardNo: 'Enter a valid card number' }],
      [{ cardNo: '4111 1111 1111 111x' }, { cardNo: 'Enter a valid card number' }],
      [{ cardNo: '4111_1111_1111_1111' }, { cardNo: 'Enter a valid card number' }],
      [{ cardCode: '' }, { cardCode: 'Card code (CVV) is required' }],
      [{ cardCode: '12' }, { cardCode: 'Enter the 3-digit card code (CVV) from the back of the card' }],
      [{ cardCode: '1234' }, { cardCode: 'Enter the 3-digit card code (CVV) from the back of the card' }],
      [{ cardNo: '3782 822463 10005', cardCode: '123' }, { cardCode: 'Enter the 4-digit card code (CVV) from the front of the card' }],
      [{ expDate: '' }, { expDate: 'Expiry month is required' }],
      [{ expDate: '1999-12' }, { expDate: 'Expiry year is required' }],
      [{ expDate: '2030-13' }, { expDate: 'Expiry month is required' }],
      [{ expDate: '2021-01' }, { expDate: 'This card has expired' }],
      [{ firstName: '' }, { firstName: 'First Name is Required' }],
      [{ lastName: '' }, { lastName: 'Last Name is Required' }],
      [{ email: '' }, { email: 'Email is Required' }],
      [{ address1: '' }, { address1: 'Address is Required' }],
      [{ city: '' }, { city: 'City is Required' }],
      [{ state: '' }, { state: 'State is Required' }],
      [{ postalCode: '' }, { postalCode: 'Postal Code is Required' }],
      [{ country: '' }, { country: 'Country is Required' }],
      [{ cellPhone: '' }, { cellPhone: 'Phone is Required' }],
      [{ cellPhone: '555' }, { cellPhone: 'Please enter a valid phone number' }],
    ];
    for (const [change, errors] of cases) {
      const res = await pay({ ...payment(token), ...change }, 400);
      expect(res.errors, JSON.stringify(change)).toEqual(errors);
    }
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it.each(['4111 1111 1111 1111', '4111-1111-1111-1111', ' 4111 1111-1111 1111 '])('takes the number as printed on the card (%s) and charges its digits', async (typed) => {
    const { token, invoice } = await openInvoice(t, a, a.student.id, { cents: 4_200 });
    const paid = await pay(payment(token, { cardNo: typed }), 200);
    expect(paid.data).toMatchObject({ status: 'paid' });
    const [row] = (await paymentsOf(invoice.id)).filter((p) => p.status === 'succeeded');
    expect(row).toMatchObject({ amountCents: 4_200, cardLast4: '1111', cardBrand: 'Visa' });
  });

  it('answers 404 for an unknown token and charges nothing anywhere', async () => {
    const res = await pay(payment('y'.repeat(43)), 404);
    expect(res.message).toBe(M.invoiceNotFound);
  });

  it('keeps no card number or code: not in a row, not in the answer', async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id);
    const res = await t.call('POST', '/api/invoice/payment', { body: payment(token, { cardNo: '5424000000000015', cardCode: '987' }), ip: nextIp() });
    expect(JSON.stringify(res.body)).not.toContain('5424000000000015');
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select row_to_json(p)::text as j from payments p where invoice_id = ${invoice.id}`));
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.j)).not.toContain('5424000000000015');
    expect(String(rows[0]!.j)).not.toContain('987"');
  });
});

describe('the receipt (decision 075)', () => {
  // The capture holds every test's mail, delivered after its own test at times: read one invoice's.
  const receiptsOf = (number: string) => t.sentEmails.filter((e) => e.subject.startsWith(`Payment received: ${number} (`));

  it('answers the receipt with the payment, shows it on the page after paying and on reload, and emails it with the paid PDF to the payer', async () => {
    const { token, invoice, link } = await openInvoice(t, a, a.student.id, { cents: 3_500 });
    const paid = await pay(payment(token, { email: 'typed.on.the.form@example.test' }, { idempotencyKey: 'receipt-attempt-01' }), 200);
    const [row] = (await paymentsOf(invoice.id)).filter((p) => p.status === 'succeeded');
    const receipt = {
      amount: 35, currency: 'USD', method: 'card', cardBrand: 'Visa', cardLast4: '1111', paidAt: row!.settledAt!.toISOString(),
      paidOn: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/),
      reference: row!.gatewayTransactionId, emailedTo: a.parent.email,
    };
    expect(row!.gatewayTransactionId).toMatch(/^\w+$/);
    expect(paid.data).toMatchObject({ amount: 35, status: 'paid', balance: 0, receipt });
    // A reload of the page: the receipt, not the form.
    const again = (await view(token)).data;
    expect(again).toMatchObject({ status: 'paid', dueDeposit: 0, paid: 35, receipt });
    expect(again.receipt).toEqual(paid.data.receipt);

    // The receipt email: to the payer's address of record (not the address typed on the form), its link the pay page.
    const number = `INV-${String(invoice.number).padStart(6, '0')}`;
    await vi.waitFor(() => expect(receiptsOf(number)).toHaveLength(1), { timeout: patient(10_000) });
    const email = receiptsOf(number)[0]!;
    expect(email.to).toBe(a.parent.email);
    expect(email.subject).toBe(`Payment received: ${number} ($35.00)`);
    expect(email.text).toContain('Hello Parent,');
    expect(email.text).toContain('Visa ending in 1111');
    expect(email.text).toContain(`Reference: ${row!.gatewayTransactionId}.`);
    expect(email.text).toContain(`See your receipt: ${link}`);
    expect(email.text).not.toContain('/paymentBilling');
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments![0]).toMatchObject({ filename: `${number}.pdf`, contentType: 'application/pdf' });
    const attached = await pdfText(email.attachments![0]!.content);
    expect(attached).toContain('Status: Paid');
    expect(attached).toContain('Parent Tester');
  });

  it('answers a repeated attempt key with the first charge\'s receipt, and a new key on a paid invoice 409: one charge, one receipt email', async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id, { cents: 3_500 });
    const number = `INV-${String(invoice.number).padStart(6, '0')}`;
    const body = payment(token, {}, { idempotencyKey: 'paid-twice-key-01' });
    const first = await pay(body, 200);
    const replay = await pay(body, 200);
    expect(replay.data.receipt).toEqual(first.data.receipt);
    expect((await pay(payment(token, {}, { idempotencyKey: 'paid-twice-key-02' }), 409)).message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    const succeeded = (await paymentsOf(invoice.id)).filter((p) => p.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).paidCents).toBe(3_500);
    await vi.waitFor(() => expect(receiptsOf(number)).toHaveLength(1), { timeout: patient(10_000) });
    // The outbox holds one receipt of this invoice: nothing more is waiting to be sent.
    const queued = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'payment-receipt')));
    expect(queued.filter((m) => m.subject === `Payment received: ${number} ($35.00)`)).toHaveLength(1);
    expect(receiptsOf(number)).toHaveLength(1);
  });

  it('shows a paid invoice\'s office payment (cash) as its receipt, with no email claimed; an open invoice has none', async () => {
    const { token, invoice } = await openInvoice(t, a, a.otherStudent.id, { cents: 2_000 });
    expect((await view(token)).data.receipt).toBeNull();
    const admin = await sessionToken(t, a.admin.id);
    await expectCall(t, 'POST', '/api/invoices/recordPayment', 200, {
      token: admin, ip: nextIp(), body: { id: invoice.id, amount: 20, method: 'cash', reference: 'Receipt 7', paidOn: (await view(token)).data.issuedOn },
    });
    expect((await view(token)).data).toMatchObject({
      status: 'paid', dueDeposit: 0, receipt: { amount: 20, method: 'cash', cardBrand: null, cardLast4: null, reference: 'Receipt 7', emailedTo: null },
    });
  });
});

describe('GET /api/invoice/{token}/pdf (no session)', () => {
  it('gives the token\'s holder the invoice PDF, which reads paid once paid; a wrong token, a draft\'s and a bad shape are 404/400', async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id, { cents: 3_500 });
    const number = `INV-${String(invoice.number).padStart(6, '0')}`;
    const before = await rawCall(t, 'GET', `/api/invoice/${token}/pdf`, { status: 200 });
    expect(before.headers['content-type']).toBe('application/pdf');
    expect(before.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    const open = await pdfText(before.body);
    for (const part of [`Invoice ${number}`, 'Status: Open', 'Parent Tester', 'For: Student Tester', 'Piano lessons', '$35.00']) expect(open, part).toContain(part);

    await pay(payment(token, {}, { idempotencyKey: 'pdf-after-pay-01' }), 200);
    const paid = await pdfText((await rawCall(t, 'GET', `/api/invoice/${token}/pdf`, { status: 200 })).body);
    expect(paid).toContain('Status: Paid');
    expect(paid).toMatch(/Balance due\s*\$0\.00/);

    const wrong = await rawCall(t, 'GET', `/api/invoice/${'q'.repeat(43)}/pdf`, { status: 404 });
    expect(wrong.headers['content-type']).toContain('application/json');
    expect(JSON.parse(wrong.text).message).toBe(M.invoiceNotFound);
    const draft = await openInvoice(t, a, a.student.id, { send: false });
    await rawCall(t, 'GET', `/api/invoice/${draft.token}/pdf`, { status: 404 });
    await rawCall(t, 'GET', '/api/invoice/short/pdf', { status: 400 });
  });
});

describe('the pay call’s limits (card testing)', () => {
  it(`refuses the ${PAY_LIMITS.payPerInvoice.points + 1}th attempt on one invoice within the hour, from any address (429)`, async () => {
    const { token, invoice } = await openInvoice(t, a, a.student.id);
    for (let i = 0; i < PAY_LIMITS.payPerInvoice.points; i += 1) {
      await pay(payment(token, { postalCode: '46282' }, { idempotencyKey: `limit-invoice-${i}-xx` }), 400);
    }
    const res = await pay(payment(token, {}, { idempotencyKey: 'limit-invoice-last' }), 429);
    expect(res.message).toBe(M.tooManyPayments);
    expect((await paymentsOf(invoice.id)).filter((p) => p.status === 'succeeded')).toEqual([]);
  });

  it(`refuses an address its ${PAY_LIMITS.payPerIp.points + 1}th attempt within the hour, whatever the invoices (429)`, async () => {
    const ip = '10.78.0.1';
    for (let i = 0; i < PAY_LIMITS.payPerIp.points; i += 1) {
      // Unknown tokens count too: guessing costs the same.
      await pay(payment(`${'z'.repeat(40)}${String(i).padStart(3, '0')}`), 404, ip);
    }
    const { token } = await openInvoice(t, a, a.student.id);
    const res = await pay(payment(token), 429, ip);
    expect(res.message).toBe(M.tooManyFromAddress);
    // Another address is not held back.
    await pay(payment(token, {}, { idempotencyKey: 'other-address-01' }), 200, '10.78.0.2');
  });

  it('limits opening pay pages from one address (429)', async () => {
    const { token } = await openInvoice(t, a, a.student.id);
    for (let i = 0; i < PAY_LIMITS.viewPerIp.points; i += 1) await expectCall(t, 'GET', `/api/invoice/${token}`, 200, { ip: '10.79.0.1' });
    const res = await expectCall(t, 'GET', `/api/invoice/${token}`, 429, { ip: '10.79.0.1' });
    expect(res.message).toBe(M.tooManyLookups);
  });
});

describe('POST /api/paymentbilling/payInvoice (a saved card)', () => {
  let tokens: Record<'parent' | 'student' | 'admin' | 'teacher' | 'otherParent' | 'parentB', string>;
  let cardId: string;

  beforeAll(async () => {
    const otherParent = await createUser(t.db, 'parent', a.adminId);
    tokens = {
      parent: await sessionToken(t, a.parent.id),
      student: await sessionToken(t, a.student.id),
      admin: await sessionToken(t, a.admin.id),
      teacher: await sessionToken(t, a.teacher.id),
      otherParent: await sessionToken(t, otherParent.id),
      parentB: await sessionToken(t, b.parent.id),
    };
    cardId = (await expectCall(t, 'POST', '/api/studentBilling/addToCard', 200, { token: tokens.parent, body: goodCard })).data.cardId;
  });

  const payInvoice = (token: string, body: object, status: number) => expectCall(t, 'POST', '/api/paymentbilling/payInvoice', status, { token, body });

  it('pays the balance with the payer’s card, once per attempt key', async () => {
    const { invoice } = await openInvoice(t, a, a.student.id, { cents: 4_500 });
    const body = { invoiceId: invoice.id, cardId, idempotencyKey: 'saved-card-attempt-1' };
    const res = await payInvoice(tokens.parent, body, 200);
    expect(res.data).toMatchObject({ amount: 45, status: 'paid', balance: 0 });
    // The same attempt again answers the same, and charges nothing more.
    expect((await payInvoice(tokens.parent, body, 200)).message).toBe(res.message);
    const rows = await paymentsOf(invoice.id);
    expect(rows.map((p) => [p.source, p.status, p.savedCardId])).toEqual([['saved_card', 'succeeded', cardId]]);
    // Paid: a new attempt is refused.
    expect((await payInvoice(tokens.parent, { ...body, idempotencyKey: 'saved-card-attempt-2' }, 409)).message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('answers a declined saved card with the gateway’s words (400)', async () => {
    const declining = (await expectCall(t, 'POST', '/api/studentBilling/addToCard', 200, { token: tokens.parent, body: { ...goodCard, postalCode: '46282' } })).data.cardId;
    const { invoice } = await openInvoice(t, a, a.student.id);
    const res = await payInvoice(tokens.parent, { invoiceId: invoice.id, cardId: declining, idempotencyKey: 'declining-card-01' }, 400);
    expect(res.message).toBe('This transaction has been declined.');
    expect((await invoiceRow(invoice.id)).status).toBe('open');
  });

  it('is the invoice’s payer’s: staff and a child whose parent pays 403, another family or school 404, no session 401', async () => {
    const { invoice } = await openInvoice(t, a, a.student.id);
    const body = { invoiceId: invoice.id, cardId, idempotencyKey: 'who-may-attempt-1' };
    await payInvoice(tokens.admin, body, 403);
    await payInvoice(tokens.teacher, body, 403);
    await payInvoice(tokens.student, body, 403);
    await payInvoice(tokens.otherParent, body, 404);
    await payInvoice(tokens.parentB, body, 404);
    await expectCall(t, 'POST', '/api/paymentbilling/payInvoice', 401, { body });
    // Someone else's card is not found; a bad key is a 400.
    await payInvoice(tokens.otherParent, { ...body }, 404);
    const bad = await payInvoice(tokens.parent, { ...body, idempotencyKey: 'no' }, 400);
    expect(bad.errors).toEqual({ idempotencyKey: M.idempotencyKeyInvalid });
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });
});
