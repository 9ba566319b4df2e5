import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createInvoice, recordCashPayment } from '../../../test/invoice-factory.js';
import { auditEvents, emailMessages } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/http-errors.js';
import { PAYMENT_MESSAGES } from '../../../../shared/contracts/billing-payments.js';
import { chargeInvoice, httpStatusOfCharge, STALE_ATTEMPT_MS, type ChargeInvoiceInput, type PaymentServices } from './charge-invoice.js';
import { reconcilePendingPayments } from './reconcile-pending.js';
import { BILL_TO, invoiceRow, paymentsOf, saveCard, spyGateway, VISA } from './test-kit.js';

/**
 * chargeInvoice (docs/domains/conventions.md "Money", decision 030) on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL, where the ten concurrent submits run for real.
 */
let t: TestApp;
let school: TestSchool;
let gateway: ReturnType<typeof spyGateway>;
let services: PaymentServices;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, { name: 'Riverside Music' });
});
afterAll(() => t.close());
beforeEach(() => {
  gateway = spyGateway();
  services = { config: t.services.config, gatewayFor: async () => gateway };
});

const payPage = (invoiceId: string, extra: Partial<ChargeInvoiceInput> = {}): ChargeInvoiceInput =>
  ({ adminId: school.adminId, invoiceId, source: 'pay_page', idempotencyKey: randomUUID(), card: VISA, billTo: BILL_TO, ...extra }) as ChargeInvoiceInput;

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

describe('chargeInvoice', () => {
  it('charges the balance once: the attempt succeeds, the invoice is paid, the payer gets a receipt', async () => {
    const invoice = await createInvoice(t.db, school, { totalCents: 12_000 });
    const outcome = await chargeInvoice(t.services.db, services, payPage(invoice.id));
    expect(outcome).toMatchObject({
      status: 'succeeded', amountCents: 12_000, cardBrand: 'Visa', cardLast4: '1111', testMode: true, invoiceStatus: 'paid', balanceCents: 0, replayed: false,
      message: `Thank you! Your payment of $120.00 for invoice INV-${String(invoice.number).padStart(6, '0')} was received.`,
    });
    expect(httpStatusOfCharge(outcome)).toBe(200);
    expect(gateway.charges).toBe(1);
    const row = await invoiceRow(t.db, school.adminId, invoice.id);
    expect(row).toMatchObject({ status: 'paid', paidCents: 12_000 });
    expect(row.paidAt).toBeInstanceOf(Date);
    const [payment] = await paymentsOf(t.db, school.adminId, invoice.id);
    expect(payment).toMatchObject({
      kind: 'charge', method: 'card', source: 'pay_page', status: 'succeeded', amountCents: 12_000, cardBrand: 'Visa', cardLast4: '1111',
      gateway: 'sandbox', testMode: true, gatewayResponseCode: '1', message: 'This transaction has been approved.', payerId: school.parent.id,
    });
    expect(payment!.gatewayTransactionId).toMatch(/^sbxt_12000_1111_/);

    const receipts = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(and(eq(emailMessages.kind, 'payment-receipt'), eq(emailMessages.userId, school.parent.id))));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.toAddress).toBe(school.parent.email);
    expect(receipts[0]!.subject).toBe(`Payment received: INV-${String(invoice.number).padStart(6, '0')} ($120.00)`);
    expect(receipts[0]!.textBody).toContain('We received your payment of $120.00 for invoice');
    expect(receipts[0]!.textBody).toContain('from Riverside Music');
    expect(receipts[0]!.textBody).toContain('Paid with Visa ending in 1111');
    expect(receipts[0]!.textBody).toContain('no money was taken');
    expect(receipts[0]!.textBody + receipts[0]!.htmlBody).not.toContain(VISA.number);

    const lines = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'payment.received')));
    expect(lines.find((l) => (l.meta as { invoiceId?: string }).invoiceId === invoice.id)).toMatchObject({ actorId: school.parent.id });
  });

  it('refuses a paid, void or draft invoice and one with nothing due, without calling the gateway', async () => {
    const paid = await createInvoice(t.db, school, { status: 'paid', paidCents: 12_000 });
    const voided = await createInvoice(t.db, school, { status: 'void' });
    const draft = await createInvoice(t.db, school, { status: 'draft' });
    const settled = await createInvoice(t.db, school, { totalCents: 5_000, paidCents: 5_000 });
    expect(await refusal(chargeInvoice(t.db, services, payPage(paid.id)))).toEqual({ status: 409, message: 'This invoice is already paid.' });
    expect(await refusal(chargeInvoice(t.db, services, payPage(voided.id)))).toEqual({ status: 409, message: PAYMENT_MESSAGES.voided });
    expect(await refusal(chargeInvoice(t.db, services, payPage(draft.id)))).toEqual({ status: 409, message: PAYMENT_MESSAGES.draft });
    expect(await refusal(chargeInvoice(t.db, services, payPage(settled.id)))).toEqual({ status: 409, message: PAYMENT_MESSAGES.nothingDue });
    expect(gateway.charges).toBe(0);
  });

  it("another school's invoice is not found", async () => {
    const other = await createSchool(t.db);
    const theirs = await createInvoice(t.db, other);
    expect(await refusal(chargeInvoice(t.db, services, payPage(theirs.id)))).toEqual({ status: 404, message: 'Invoice not found' });
    expect(await refusal(chargeInvoice(t.db, services, payPage(randomUUID())))).toEqual({ status: 404, message: 'Invoice not found' });
  });

  it('the same idempotency key twice charges once and answers the first outcome again', async () => {
    const invoice = await createInvoice(t.db, school);
    const input = payPage(invoice.id);
    const first = await chargeInvoice(t.db, services, input);
    const again = await chargeInvoice(t.db, services, input);
    expect(gateway.charges).toBe(1);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await paymentsOf(t.db, school.adminId, invoice.id)).toHaveLength(1);
  });

  it('a key used for one invoice cannot pay another', async () => {
    const one = await createInvoice(t.db, school);
    const two = await createInvoice(t.db, school);
    const input = payPage(one.id);
    await chargeInvoice(t.db, services, input);
    expect(await refusal(chargeInvoice(t.db, services, { ...input, invoiceId: two.id }))).toEqual({ status: 409, message: PAYMENT_MESSAGES.keyReused });
  });

  it('a decline (billing ZIP 46282) leaves the invoice open; the next submit with a good address pays it', async () => {
    const invoice = await createInvoice(t.db, school, { totalCents: 8_000 });
    const declined = await chargeInvoice(t.db, services, payPage(invoice.id, { billTo: { ...BILL_TO, zip: '46282' } }));
    expect(declined).toMatchObject({ status: 'declined', message: 'This transaction has been declined.', invoiceStatus: 'open', balanceCents: 8_000 });
    expect(httpStatusOfCharge(declined)).toBe(400);
    const cvv = await chargeInvoice(t.db, services, payPage(invoice.id, { card: { ...VISA, code: '901' } }));
    expect(cvv).toMatchObject({ status: 'declined', message: 'This transaction has been declined. The card code does not match.' });
    const approved = await chargeInvoice(t.db, services, payPage(invoice.id));
    expect(approved).toMatchObject({ status: 'succeeded', invoiceStatus: 'paid', balanceCents: 0 });
    const rows = await paymentsOf(t.db, school.adminId, invoice.id);
    expect(rows.map((r) => [r.status, r.gatewayResponseCode])).toEqual([['declined', '2/2'], ['declined', '2/65'], ['succeeded', '1']]);
    expect((await invoiceRow(t.db, school.adminId, invoice.id)).paidCents).toBe(8_000);
    const declines = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'payment.declined')));
    expect(declines.filter((l) => (l.meta as { invoiceId?: string }).invoiceId === invoice.id)).toHaveLength(2);
  });

  it('charges only what is left after a cash payment', async () => {
    const invoice = await createInvoice(t.db, school, { totalCents: 10_000 });
    await recordCashPayment(t.db, school, invoice.id, 4_000);
    const outcome = await chargeInvoice(t.db, services, payPage(invoice.id));
    expect(outcome).toMatchObject({ status: 'succeeded', amountCents: 6_000, invoiceStatus: 'paid' });
    expect((await invoiceRow(t.db, school.adminId, invoice.id)).paidCents).toBe(10_000);
  });

  it("charges the payer's saved card; another person's card is not found", async () => {
    const invoice = await createInvoice(t.db, school, { totalCents: 4_500 });
    const cardId = await saveCard(t.db, gateway, school.adminId, school.parent.id, { ...VISA, number: '5424000000000015' });
    const strangerCard = await saveCard(t.db, gateway, school.adminId, school.otherStudent.id);
    const base = { adminId: school.adminId, invoiceId: invoice.id, source: 'saved_card' as const, actorId: school.parent.id };
    expect(await refusal(chargeInvoice(t.db, services, { ...base, idempotencyKey: randomUUID(), savedCardId: strangerCard }))).toEqual({ status: 404, message: 'Card not found' });
    const outcome = await chargeInvoice(t.db, services, { ...base, idempotencyKey: randomUUID(), savedCardId: cardId });
    expect(outcome).toMatchObject({ status: 'succeeded', cardBrand: 'Mastercard', cardLast4: '0015', amountCents: 4_500 });
    const [row] = (await paymentsOf(t.db, school.adminId, invoice.id)).filter((p) => p.status === 'succeeded');
    expect(row).toMatchObject({ savedCardId: cardId, source: 'saved_card', recordedBy: school.parent.id });
  });

  it('a saved card whose billing ZIP declines is declined when charged (autopay)', async () => {
    const payer = await createUser(t.db, 'parent', school.adminId);
    const declining = await saveCard(t.db, gateway, school.adminId, payer.id, VISA, { ...BILL_TO, zip: '46282' });
    const mine = await createInvoice(t.db, school, { payerId: payer.id });
    const outcome = await chargeInvoice(t.db, services, { adminId: school.adminId, invoiceId: mine.id, source: 'autopay', idempotencyKey: randomUUID(), savedCardId: declining });
    expect(outcome).toMatchObject({ status: 'declined', message: 'This transaction has been declined.' });
    expect((await invoiceRow(t.db, school.adminId, mine.id)).status).toBe('open');
  });

  it("no answer from the gateway: the attempt stays pending, the next submit is held off, reconciliation ends it and the payer pays", async () => {
    const invoice = await createInvoice(t.db, school, { totalCents: 3_000 });
    gateway.down = true;
    const lost = await chargeInvoice(t.db, services, payPage(invoice.id));
    expect(lost).toMatchObject({ status: 'pending', message: PAYMENT_MESSAGES.unavailable });
    expect(httpStatusOfCharge(lost)).toBe(503);
    gateway.down = false;
    // A second submit while the first is unresolved would risk a second charge: refused.
    expect(await refusal(chargeInvoice(t.db, services, payPage(invoice.id)))).toEqual({ status: 409, message: PAYMENT_MESSAGES.inProgress });
    expect(gateway.charges).toBe(0);
    // Too young for reconciliation: left alone.
    expect(await reconcilePendingPayments(t.db, services, new Date())).toMatchObject({ settled: 0 });
    // The sandbox never made the charge (findCharge answers null): the attempt fails.
    await reconcilePendingPayments(t.db, services, new Date(Date.now() + STALE_ATTEMPT_MS + 1_000));
    const [attempt] = await paymentsOf(t.db, school.adminId, invoice.id);
    expect(attempt).toMatchObject({ status: 'failed', message: expect.stringContaining('No charge was made') });
    expect(await chargeInvoice(t.db, services, payPage(invoice.id))).toMatchObject({ status: 'succeeded' });
    expect(gateway.charges).toBe(1);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('ten concurrent submits of one invoice on PostgreSQL', () => {
  it('charge once: one gateway charge, one succeeded row, the invoice paid; the others are told why', async () => {
    const invoice = await createInvoice(t.db, school, { totalCents: 15_000 });
    // The gateway takes a while, as a real one does: every other submit arrives while the first is out.
    gateway.delayMs = 150;
    const submits = Array.from({ length: 10 }, () => chargeInvoice(t.services.db, services, payPage(invoice.id)).then(
      (outcome) => ({ status: httpStatusOfCharge(outcome), message: outcome.message }),
      (error: AppError) => ({ status: error.status, message: error.message }),
    ));
    const answers = await Promise.all(submits);
    expect(gateway.charges).toBe(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect([PAYMENT_MESSAGES.inProgress, PAYMENT_MESSAGES.alreadyPaid]).toContain(a.message);
    }
    const rows = await paymentsOf(t.db, school.adminId, invoice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountCents: 15_000 });
    expect(await invoiceRow(t.db, school.adminId, invoice.id)).toMatchObject({ status: 'paid', paidCents: 15_000 });
  });

  it('ten submits with one idempotency key: one charge, ten answers of the same payment', async () => {
    const invoice = await createInvoice(t.db, school, { totalCents: 2_000 });
    gateway.delayMs = 100;
    const input = payPage(invoice.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => chargeInvoice(t.services.db, services, input).catch((e: AppError) => e)));
    expect(gateway.charges).toBe(1);
    // The invoice's lock lines them up: each later one finds the first's attempt (no unique-key error).
    const outcomes = answers.filter((a): a is Awaited<ReturnType<typeof chargeInvoice>> => !(a instanceof Error));
    expect(outcomes).toHaveLength(10);
    expect(new Set(outcomes.map((o) => o.paymentId)).size).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.replayed)) expect([PAYMENT_MESSAGES.inProgress, outcomes.find((x) => !x.replayed)!.message]).toContain(o.message);
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from payments where invoice_id = ${invoice.id}`));
    expect(rows[0]!.n).toBe(1);
    expect((await invoiceRow(t.db, school.adminId, invoice.id)).paidCents).toBe(2_000);
  });
});
