import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../test/fake-authorizenet.js';
import { createAuthorizeNetGateway } from './authorizenet-gateway.js';
import { CardRejectedError, GatewayUnavailableError, refIdOf, type BillTo, type CardDetails, type ChargeRequest, type PaymentGateway } from './gateway.js';
import { GATEWAY_TEXT, SANDBOX_TEST_CARDS } from './sandbox-cards.js';
import { createSandboxGateway } from './sandbox-gateway.js';

/**
 * The gateway contract (decision 030): one suite, run against the in-process sandbox and against
 * the Authorize.Net adapter talking to a local server that answers with the API's JSON. Whatever
 * the adapter, a card's number and code appear in nothing it answers, throws or logs, and in no
 * part of a request but the card's own fields.
 */
const YEAR = new Date().getUTCFullYear() + 2;
const CODE = '7319';
const card = (number: string, extra: Partial<CardDetails> = {}): CardDetails => ({ number, expMonth: 11, expYear: YEAR, code: CODE, ...extra });
const billTo = (extra: Partial<BillTo> = {}): BillTo => ({
  firstName: 'Ada', lastName: 'Byron', address: '1 Music Row', city: 'Nashville', state: 'TN', zip: '37203', country: 'US', email: 'ada@example.test', ...extra,
});
let invoiceSeq = 0;
const request = (amountCents: number, extra: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amountCents, currency: 'USD', invoiceNumber: `INV-${String(++invoiceSeq).padStart(6, '0')}`, description: 'Riverside Music invoice', idempotencyKey: randomUUID(),
  duplicateWindowSeconds: 900, ...extra,
});

type Harness = {
  gateway: PaymentGateway;
  /** The nightly settlement (a no-op where every charge counts as settled). */
  settle(): void;
  /** What crossed the wire, card fields of the requests left out; empty in process. */
  exchanged(): string[];
  close(): Promise<void>;
};

/** A card's number, its part before the last four, and the code: none may show up outside the card fields. */
const SECRETS = [...Object.keys(SANDBOX_TEST_CARDS).flatMap((n) => [n, n.slice(0, -4)]), '4242424242424242'];
function leaksIn(text: string): string[] {
  const found = SECRETS.filter((s) => text.includes(s));
  if (new RegExp(`(?<![0-9A-Za-z])${CODE}(?![0-9A-Za-z])`).test(text)) found.push(`card code ${CODE}`);
  return found;
}

function gatewayContract(label: string, start: () => Promise<Harness>) {
  describe(`the gateway contract: ${label}`, () => {
    let h: Harness;
    /** Every answer and error the adapter gave, as text. */
    const seen: string[] = [];
    const logged: string[] = [];
    const look = <T>(value: T): T => {
      seen.push(JSON.stringify(value));
      return value;
    };
    const thrown = async (promise: Promise<unknown>) => {
      const error = await promise.then(() => null, (e: unknown) => e);
      seen.push(error instanceof Error ? `${error.name}: ${error.message} ${JSON.stringify(error)} ${String(error.stack)}` : String(error));
      return error;
    };

    beforeAll(async () => {
      h = await start();
      for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
      }
    });
    afterAll(async () => {
      vi.restoreAllMocks();
      await h.close();
    });

    it.each(Object.entries(SANDBOX_TEST_CARDS))('approves the published test card %s (%s)', async (number, brand) => {
      const result = look(await h.gateway.chargeCard({ ...request(1_250), card: card(number), billTo: billTo() }));
      expect(result).toMatchObject({ approved: true, responseCode: '1', message: GATEWAY_TEXT.approved, card: { brand, last4: number.slice(-4), expMonth: 11, expYear: YEAR } });
      expect(result.transactionId).not.toBe('');
    });

    it('gives every charge its own transaction id', async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 5; i += 1) ids.add(look(await h.gateway.chargeCard({ ...request(100 + i), card: card('4111111111111111'), billTo: billTo() })).transactionId);
      expect(ids.size).toBe(5);
    });

    it('declines billing ZIP 46282 (a general bank decline)', async () => {
      const result = look(await h.gateway.chargeCard({ ...request(2_000), card: card('4007000000027'), billTo: billTo({ zip: '46282' }) }));
      expect(result).toMatchObject({ approved: false, responseCode: '2', errorCode: '2', message: 'This transaction has been declined.' });
    });

    it('declines card code 901 (it fails the card-code check)', async () => {
      const result = look(await h.gateway.chargeCard({ ...request(2_000), card: card('5424000000000015', { code: '901' }), billTo: billTo() }));
      expect(result).toMatchObject({ approved: false, responseCode: '2', errorCode: '65', message: 'This transaction has been declined. The card code does not match.' });
    });

    it('refuses an expired card', async () => {
      const result = look(await h.gateway.chargeCard({ ...request(2_000), card: card('370000000000002', { expMonth: 1, expYear: 2021 }), billTo: billTo() }));
      expect(result).toMatchObject({ approved: false, responseCode: '3', errorCode: '8', message: 'The credit card has expired.' });
    });

    it('refuses a number that is not one of the test cards as invalid', async () => {
      const result = look(await h.gateway.chargeCard({ ...request(2_000), card: card('4242424242424242'), billTo: billTo() }));
      expect(result).toMatchObject({ approved: false, responseCode: '3', errorCode: '6', message: 'The credit card number is invalid.' });
    });

    it('keeps a card as a payment profile, charges the profile, removes it', async () => {
      const customer = look(await h.gateway.createCustomerProfile({ merchantCustomerId: randomUUID(), description: 'Grace Chen', email: 'grace@example.test' }));
      expect(customer.customerProfileId).not.toBe('');
      const profile = look(await h.gateway.addPaymentProfile({ customerProfileId: customer.customerProfileId, card: card('2223000010309703'), billTo: billTo(), makeDefault: true }));
      expect(profile.card).toEqual({ brand: 'Mastercard', last4: '9703', expMonth: 11, expYear: YEAR });
      expect(profile.customerPaymentProfileId).not.toContain('2223000010309703');
      const charged = look(await h.gateway.chargeProfile({ ...request(4_500), customerProfileId: customer.customerProfileId, customerPaymentProfileId: profile.customerPaymentProfileId }));
      expect(charged).toMatchObject({ approved: true, responseCode: '1' });
      expect(charged.transactionId).not.toBe('');
      await h.gateway.deletePaymentProfile({ customerProfileId: customer.customerProfileId, customerPaymentProfileId: profile.customerPaymentProfileId });
    });

    it('keeps a card whose billing ZIP declines (test mode checks only the card); charging it is declined', async () => {
      const customer = await h.gateway.createCustomerProfile({ merchantCustomerId: randomUUID(), description: 'Owen Chen' });
      const profile = look(await h.gateway.addPaymentProfile({ customerProfileId: customer.customerProfileId, card: card('6011000000000012'), billTo: billTo({ zip: '46282' }), makeDefault: false }));
      const result = look(await h.gateway.chargeProfile({ ...request(4_500), customerProfileId: customer.customerProfileId, customerPaymentProfileId: profile.customerPaymentProfileId }));
      expect(result).toMatchObject({ approved: false, responseCode: '2', message: 'This transaction has been declined.' });
    });

    it("refuses to keep an invalid, expired or card-code-failing card, in the gateway's words", async () => {
      const customer = await h.gateway.createCustomerProfile({ merchantCustomerId: randomUUID(), description: 'Lily Chen' });
      const add = (c: CardDetails) => thrown(h.gateway.addPaymentProfile({ customerProfileId: customer.customerProfileId, card: c, billTo: billTo(), makeDefault: false }));
      const invalid = await add(card('4242424242424242'));
      expect(invalid).toBeInstanceOf(CardRejectedError);
      expect((invalid as Error).message).toBe('The credit card number is invalid.');
      expect(((await add(card('4111111111111111', { expYear: 2022, expMonth: 1 }))) as Error).message).toBe('The credit card has expired.');
      expect((await add(card('4111111111111111', { code: '901' })))).toBeInstanceOf(CardRejectedError);
    });

    it('refunds part of a settled charge and then the rest, never more than was charged', async () => {
      const charge = look(await h.gateway.chargeCard({ ...request(5_000), card: card('4012888818888'), billTo: billTo() }));
      h.settle();
      const base = { transactionId: charge.transactionId, last4: '8888', invoiceNumber: 'INV-000900' };
      const tooMuch = look(await h.gateway.refund({ ...base, amountCents: 5_001, idempotencyKey: randomUUID() }));
      expect(tooMuch).toMatchObject({ approved: false, responseCode: '3', errorCode: '55' });
      const part = look(await h.gateway.refund({ ...base, amountCents: 2_000, idempotencyKey: randomUUID() }));
      expect(part).toMatchObject({ approved: true, responseCode: '1' });
      expect(part.transactionId).not.toBe('');
      expect(part.transactionId).not.toBe(charge.transactionId);
      const rest = look(await h.gateway.refund({ ...base, amountCents: 3_000, idempotencyKey: randomUUID() }));
      expect(rest).toMatchObject({ approved: true, responseCode: '1' });
    });

    it("refuses a refund to another card's last four, and of a transaction it never made", async () => {
      const charge = look(await h.gateway.chargeCard({ ...request(1_000), card: card('4111111111111111'), billTo: billTo() }));
      h.settle();
      const wrongCard = look(await h.gateway.refund({ transactionId: charge.transactionId, amountCents: 1_000, last4: '0002', invoiceNumber: 'INV-1', idempotencyKey: randomUUID() }));
      expect(wrongCard).toMatchObject({ approved: false, responseCode: '3' });
      const unknown = look(await h.gateway.refund({ transactionId: '999999', amountCents: 1_000, last4: '1111', invoiceNumber: 'INV-1', idempotencyKey: randomUUID() }));
      expect(unknown).toMatchObject({ approved: false, responseCode: '3', errorCode: '16' });
    });

    it('voids an unsettled charge', async () => {
      const charge = look(await h.gateway.chargeCard({ ...request(1_500), card: card('3088000000000017'), billTo: billTo() }));
      const voided = look(await h.gateway.void({ transactionId: charge.transactionId }));
      expect(voided).toMatchObject({ approved: true, responseCode: '1', transactionId: charge.transactionId });
    });

    it('says whether money is real', () => {
      expect(h.gateway.testMode).toBe(true);
    });

    it('shows no card number (beyond its last four) or card code in any answer, error, log line or request field but the card\'s own', () => {
      expect(seen.length).toBeGreaterThan(20);
      const leaks = [...seen, ...logged, ...h.exchanged()].flatMap((text) => leaksIn(text).map((secret) => `${secret} in ${text.slice(0, 120)}`));
      expect(leaks).toEqual([]);
    });
  });
}

/** A request body with its card fields taken out: what must never hold a card number. */
function withoutCardFields(body: string): string {
  return JSON.stringify(JSON.parse(body), (key, value: unknown) => (key === 'cardNumber' || key === 'cardCode' ? '[card field]' : value));
}

gatewayContract('sandbox (in process)', async () => ({ gateway: createSandboxGateway(), settle: () => {}, exchanged: () => [], close: async () => {} }));

let fake: FakeAuthorizeNet;
const authorizeNet = (extra: { testMode?: boolean; transactionKey?: string; timeoutMs?: number; apiUrl?: string } = {}) => createAuthorizeNetGateway({
  apiUrl: extra.apiUrl ?? fake.url, apiLoginId: fake.apiLoginId, transactionKey: extra.transactionKey ?? fake.transactionKey, testMode: extra.testMode ?? true, timeoutMs: extra.timeoutMs ?? 2_000,
});

gatewayContract('Authorize.Net JSON API (a local server)', async () => {
  fake = await startFakeAuthorizeNet();
  return {
    gateway: authorizeNet(),
    settle: () => fake.settle(),
    exchanged: () => [...fake.requests.map(withoutCardFields), ...fake.answers],
    close: () => fake.close(),
  };
});

describe('the Authorize.Net adapter, beyond the contract', () => {
  beforeAll(async () => {
    fake = await startFakeAuthorizeNet();
  });
  afterAll(() => fake.close());
  const lastRequest = () => JSON.parse(fake.requests.at(-1)!) as Record<string, Record<string, unknown>>;

  it('sends createTransactionRequest as the API documents it, fields in the schema order', async () => {
    const r = request(12_345, { idempotencyKey: 'attempt-key-1', customerEmail: 'ada@example.test' });
    await authorizeNet().chargeCard({ ...r, card: card('4111111111111111'), billTo: billTo() });
    const body = lastRequest().createTransactionRequest!;
    expect(Object.keys(body)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect(body.merchantAuthentication).toEqual({ name: fake.apiLoginId, transactionKey: fake.transactionKey });
    expect(body.refId).toBe(refIdOf('attempt-key-1'));
    expect(String(body.refId).length).toBeLessThanOrEqual(20);
    const tr = body.transactionRequest as Record<string, unknown>;
    expect(Object.keys(tr)).toEqual(['transactionType', 'amount', 'payment', 'order', 'customer', 'billTo', 'transactionSettings']);
    expect(tr).toMatchObject({
      transactionType: 'authCaptureTransaction', amount: '123.45',
      payment: { creditCard: { cardNumber: '4111111111111111', expirationDate: `${YEAR}-11`, cardCode: CODE } },
      order: { invoiceNumber: r.invoiceNumber, description: 'Riverside Music invoice' },
      customer: { email: 'ada@example.test' },
      billTo: { firstName: 'Ada', lastName: 'Byron', address: '1 Music Row', city: 'Nashville', state: 'TN', zip: '37203', country: 'US', email: 'ada@example.test' },
      transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '900' }] },
    });
  });

  it('charges a profile with profile.customerProfileId and paymentProfile.paymentProfileId, refunds with the last four and XXXX', async () => {
    const gateway = authorizeNet();
    const customer = await gateway.createCustomerProfile({ merchantCustomerId: randomUUID(), description: 'Grace Chen' });
    expect(Object.keys(lastRequest().createCustomerProfileRequest!.profile as object)).toEqual(['merchantCustomerId', 'description']);
    expect(String((lastRequest().createCustomerProfileRequest!.profile as { merchantCustomerId: string }).merchantCustomerId).length).toBeLessThanOrEqual(20);
    const profile = await gateway.addPaymentProfile({ customerProfileId: customer.customerProfileId, card: card('4111111111111111'), billTo: billTo(), makeDefault: true });
    expect(lastRequest().createCustomerPaymentProfileRequest).toMatchObject({ customerProfileId: customer.customerProfileId, validationMode: 'testMode', paymentProfile: { customerType: 'individual', defaultPaymentProfile: true } });
    const charge = await gateway.chargeProfile({ ...request(700), customerProfileId: customer.customerProfileId, customerPaymentProfileId: profile.customerPaymentProfileId });
    expect((lastRequest().createTransactionRequest!.transactionRequest as Record<string, unknown>).profile).toEqual({
      customerProfileId: customer.customerProfileId, paymentProfile: { paymentProfileId: profile.customerPaymentProfileId },
    });
    fake.settle();
    await gateway.refund({ transactionId: charge.transactionId, amountCents: 700, last4: '1111', invoiceNumber: 'INV-000777', idempotencyKey: 'refund-1' });
    expect(lastRequest().createTransactionRequest!.transactionRequest).toEqual({
      transactionType: 'refundTransaction', amount: '7.00', payment: { creditCard: { cardNumber: '1111', expirationDate: 'XXXX' } }, refTransId: charge.transactionId, order: { invoiceNumber: 'INV-000777' },
    });
  });

  it('answers a second identical charge inside the duplicate window as a duplicate (response code 3, reason 11)', async () => {
    const gateway = authorizeNet();
    const r = request(3_300);
    expect(await gateway.chargeCard({ ...r, card: card('4111111111111111'), billTo: billTo() })).toMatchObject({ approved: true });
    const again = await gateway.chargeCard({ ...r, idempotencyKey: randomUUID(), card: card('4111111111111111'), billTo: billTo() });
    expect(again).toMatchObject({ approved: false, responseCode: '3', errorCode: '11', message: 'A duplicate transaction has been submitted.' });
  });

  it('answers a refund of an unsettled charge with reason 54 (refundPayment voids instead)', async () => {
    const gateway = authorizeNet();
    const charge = await gateway.chargeCard({ ...request(900), card: card('4111111111111111'), billTo: billTo() });
    const refund = await gateway.refund({ transactionId: charge.transactionId, amountCents: 900, last4: '1111', invoiceNumber: 'INV-1', idempotencyKey: randomUUID() });
    expect(refund).toMatchObject({ approved: false, responseCode: '3', errorCode: '54' });
  });

  it('refuses cumulative refunds beyond the charge', async () => {
    const gateway = authorizeNet();
    const charge = await gateway.chargeCard({ ...request(1_000), card: card('4111111111111111'), billTo: billTo() });
    fake.settle();
    const base = { transactionId: charge.transactionId, last4: '1111', invoiceNumber: 'INV-1' };
    expect(await gateway.refund({ ...base, amountCents: 1_000, idempotencyKey: randomUUID() })).toMatchObject({ approved: true });
    expect(await gateway.refund({ ...base, amountCents: 1, idempotencyKey: randomUUID() })).toMatchObject({ approved: false, errorCode: '55' });
  });

  it('finds a charge whose answer was lost by its idempotency key (refId), and nothing for a key it never saw', async () => {
    const gateway = authorizeNet();
    const since = new Date(Date.now() - 1_000);
    const r = request(6_100);
    const charge = await gateway.chargeCard({ ...r, card: card('4111111111111111'), billTo: billTo() });
    await gateway.chargeCard({ ...request(6_100, { invoiceNumber: r.invoiceNumber }), card: card('5424000000000015'), billTo: billTo() });
    expect(await gateway.findCharge({ idempotencyKey: r.idempotencyKey, invoiceNumber: r.invoiceNumber, since })).toMatchObject({
      approved: true, transactionId: charge.transactionId, responseCode: '1',
    });
    expect(await gateway.findCharge({ idempotencyKey: randomUUID(), invoiceNumber: r.invoiceNumber, since })).toBeNull();
    const declined = request(6_200);
    await gateway.chargeCard({ ...declined, card: card('4111111111111111'), billTo: billTo({ zip: '46282' }) });
    expect(await gateway.findCharge({ idempotencyKey: declined.idempotencyKey, invoiceNumber: declined.invoiceNumber, since })).toMatchObject({ approved: false });
  });

  it("reuses the payer's customer profile when one exists already (E00039), and treats a profile already gone as removed (E00040)", async () => {
    const gateway = authorizeNet();
    const id = randomUUID();
    const first = await gateway.createCustomerProfile({ merchantCustomerId: id, description: 'Grace Chen' });
    expect(await gateway.createCustomerProfile({ merchantCustomerId: id, description: 'Grace Chen' })).toEqual(first);
    await expect(gateway.deletePaymentProfile({ customerProfileId: first.customerProfileId, customerPaymentProfileId: '123' })).resolves.toBeUndefined();
  });

  it('validates a card with the bank in production (liveMode): a declining ZIP is refused at once', async () => {
    const gateway = authorizeNet({ testMode: false });
    expect(gateway.testMode).toBe(false);
    const customer = await gateway.createCustomerProfile({ merchantCustomerId: randomUUID(), description: 'Owen Chen' });
    const error = await gateway.addPaymentProfile({ customerProfileId: customer.customerProfileId, card: card('4111111111111111'), billTo: billTo({ zip: '46282' }), makeDefault: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardRejectedError);
    expect((error as Error).message).toBe('This transaction has been declined.');
    expect(lastRequest().createCustomerPaymentProfileRequest!.validationMode).toBe('liveMode');
  });

  it("wrong keys are a refusal the office can read, not an outage", async () => {
    const result = await authorizeNet({ transactionKey: 'WrongKey12345678' }).chargeCard({ ...request(100), card: card('4111111111111111'), billTo: billTo() });
    expect(result).toMatchObject({ approved: false, responseCode: '3', errorCode: 'E00007', message: 'User authentication failed due to invalid authentication values.' });
  });

  it('never repeats a gateway text that quotes what was sent (a schema error quoting the card number)', async () => {
    const result = await authorizeNet().chargeCard({ ...request(100), card: card('41111111111111111111'), billTo: billTo() });
    expect(result).toMatchObject({ approved: false, errorCode: 'E00003', message: 'There has been an error processing this transaction.' });
    expect(JSON.stringify(result)).not.toContain('41111111111111111111');
  });

  it.each<[string, () => void | Promise<void>]>([
    ['an HTTP 500', () => void (fake.mode = 'http500')],
    ['an answer that is not JSON', () => void (fake.mode = 'not-json')],
    ['no answer before the timeout', () => void (fake.mode = 'hang')],
  ])('%s is GatewayUnavailableError, with no card data in it', async (_what, breakIt) => {
    await breakIt();
    try {
      const error = await authorizeNet({ timeoutMs: 300 }).chargeCard({ ...request(100), card: card('4111111111111111'), billTo: billTo() }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayUnavailableError);
      const text = `${(error as Error).message} ${String((error as Error).stack)} ${JSON.stringify(error)}`;
      expect(leaksIn(text)).toEqual([]);
      expect(error).not.toHaveProperty('cause');
    } finally {
      fake.mode = 'normal';
    }
  });

  it('a gateway that cannot be reached at all is GatewayUnavailableError', async () => {
    const closed = await startFakeAuthorizeNet();
    await closed.close();
    const error = await authorizeNet({ apiUrl: closed.url }).chargeCard({ ...request(100), card: card('4111111111111111'), billTo: billTo() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect((error as Error).message).toBe('The payment gateway could not be reached');
  });
});
