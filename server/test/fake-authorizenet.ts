import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_TEST_CARDS } from '../services/payments/sandbox-cards.js';

/**
 * A local Authorize.Net for the tests: it answers /xml/v1/request.api with the API's documented
 * JSON (a UTF-8 byte order mark first, as the real one), following the sandbox's rules (the
 * published test cards approve, billing ZIP 46282 declines, card code 901 fails the card-code
 * filter, an expired date or an unknown number is refused), with what the sandbox adapter cannot
 * have: state. Transactions settle when the test says so (`settle`), the duplicate window is
 * enforced, refunds are checked against their charge, unsettled transactions are listed and
 * detailed (with the refId they were made with). `mode` breaks it: an HTTP 500, an answer that is
 * not JSON, no answer at all, or the work done and its answer lost.
 *
 * Like the real gateway it keeps no card number: a digest of it (for the duplicate window) and
 * its last four digits.
 */
/** hang: no answer, nothing done; drop: the request is carried out, then its answer is lost. */
export type FakeMode = 'normal' | 'http500' | 'not-json' | 'hang' | 'drop';

type Transaction = {
  transId: string;
  type: 'authCaptureTransaction' | 'refundTransaction';
  status: string;
  responseCode: '1' | '2' | '3';
  amountCents: number;
  refundedCents: number;
  last4: string;
  brand: string;
  invoiceNumber: string;
  description: string;
  refId: string;
  submittedAt: Date;
  settled: boolean;
  cardDigest: string;
};

type PaymentProfile = { id: string; last4: string; brand: string; expiration: string; zipDeclines: boolean };
type CustomerProfile = { id: string; merchantCustomerId: string; paymentProfiles: Map<string, PaymentProfile> };

type Json = Record<string, unknown>;

export type FakeAuthorizeNet = {
  url: string;
  apiLoginId: string;
  transactionKey: string;
  mode: FakeMode;
  /** Every request body and every answer body, as sent (the leak checks read them). */
  requests: string[];
  answers: string[];
  transactions: Map<string, Transaction>;
  /** The nightly batch: every transaction so far settles (and leaves the unsettled list). */
  settle(): void;
  /**
   * A slow gateway the test controls: every request from now on waits, unanswered and not yet
   * carried out, until `release()`; `arrived` resolves once the first of them is in.
   */
  hold(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
};

const APPROVED = 'This transaction has been approved.';
const DECLINED = 'This transaction has been declined.';
const ok = (extra: Json = {}): Json => ({ ...extra, messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] } });
const error = (code: string, text: string, extra: Json = {}): Json => ({ ...extra, messages: { resultCode: 'Error', message: [{ code, text }] } });
const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const cents = (amount: unknown) => Math.round(Number(amount) * 100);

/** "2030-12" is good through December 2030. */
function expired(expiration: string, now: Date): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(expiration);
  if (!m) return true;
  const y = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return Number(m[1]) < y || (Number(m[1]) === y && Number(m[2]) < month);
}

export async function startFakeAuthorizeNet(options: { apiLoginId?: string; transactionKey?: string } = {}): Promise<FakeAuthorizeNet> {
  const apiLoginId = options.apiLoginId ?? 'FakeLogin123';
  const transactionKey = options.transactionKey ?? 'FakeKey123456789';
  const transactions = new Map<string, Transaction>();
  const customers = new Map<string, CustomerProfile>();
  let nextId = 60_000_000_001;
  const newId = () => String(nextId++);

  function transactionResponse(t: Pick<Transaction, 'transId' | 'responseCode' | 'last4' | 'brand'>, failure?: { code: string; text: string }, refTransId = ''): Json {
    const tr: Json = {
      responseCode: t.responseCode, authCode: t.responseCode === '1' ? 'ABC123' : '', avsResultCode: 'Y', cvvResultCode: 'P', cavvResultCode: '2',
      transId: t.transId, refTransID: refTransId, transHash: '', testRequest: '0', accountNumber: `XXXX${t.last4}`, accountType: t.brand,
    };
    if (failure) tr.errors = [{ errorCode: failure.code, errorText: failure.text }];
    else tr.messages = [{ code: '1', description: APPROVED }];
    return tr;
  }

  function answerTransaction(refId: string, t: Transaction | null, failure?: { code: string; text: string; responseCode: '2' | '3' }, refTransId = ''): Json {
    const shown = t ?? { transId: '0', responseCode: failure!.responseCode, last4: '', brand: '' };
    const body = { transactionResponse: transactionResponse(shown, failure, refTransId), refId };
    return failure ? error('E00027', 'The transaction was unsuccessful.', body) : ok(body);
  }

  function record(t: Omit<Transaction, 'transId' | 'submittedAt' | 'settled' | 'refundedCents'>): Transaction {
    const row: Transaction = { ...t, transId: newId(), submittedAt: new Date(), settled: false, refundedCents: 0 };
    transactions.set(row.transId, row);
    return row;
  }

  function charge(req: Json, tr: Json): Json {
    const refId = String(req.refId ?? '');
    const amountCents = cents(tr.amount);
    const order = (tr.order ?? {}) as Json;
    const invoiceNumber = String(order.invoiceNumber ?? '');
    const description = String(order.description ?? '');
    const window = Number(((tr.transactionSettings as Json | undefined)?.setting as Json[] | undefined)?.find((s) => s.settingName === 'duplicateWindow')?.settingValue ?? 120);
    let card: { last4: string; brand: string; expiration: string; code?: string; zip?: string; digest: string };
    if (tr.profile) {
      const p = tr.profile as Json;
      const customer = customers.get(String(p.customerProfileId));
      const profile = customer?.paymentProfiles.get(String((p.paymentProfile as Json | undefined)?.paymentProfileId));
      if (!profile) return error('E00040', 'Customer Profile ID or Customer Payment Profile ID not found.', { refId });
      card = { last4: profile.last4, brand: profile.brand, expiration: profile.expiration, zip: profile.zipDeclines ? '46282' : '', digest: `profile:${profile.id}` };
    } else {
      const cc = ((tr.payment as Json | undefined)?.creditCard ?? {}) as Json;
      const number = String(cc.cardNumber ?? '');
      // The real API checks its schema first and quotes the value it refuses.
      if (!/^\d{4,16}$/.test(number)) {
        return error('E00003', `The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:cardNumber' element is invalid - The value '${number}' is invalid according to its datatype 'String' - The actual length is greater than the MaxLength value.`, { refId });
      }
      const brand = SANDBOX_TEST_CARDS[number];
      if (!brand) return answerTransaction(refId, null, { code: '6', text: 'The credit card number is invalid.', responseCode: '3' });
      const billTo = (tr.billTo ?? {}) as Json;
      // The duplicate filter compares the card, its expiry and the billing name and address (not the card code).
      const key = [number, cc.expirationDate, billTo.firstName, billTo.lastName, billTo.address, billTo.city, billTo.state, billTo.zip, billTo.country].join('|');
      card = { last4: number.slice(-4), brand, expiration: String(cc.expirationDate ?? ''), code: String(cc.cardCode ?? ''), zip: String(billTo.zip ?? ''), digest: digest(key) };
    }
    if (!(amountCents > 0)) return answerTransaction(refId, null, { code: '5', text: 'A valid amount is required.', responseCode: '3' });
    if (expired(card.expiration, new Date())) return answerTransaction(refId, null, { code: '8', text: 'The credit card has expired.', responseCode: '3' });
    const since = Date.now() - window * 1000;
    const duplicate = [...transactions.values()].find((t) =>
      t.type === 'authCaptureTransaction' && t.cardDigest === card.digest && t.amountCents === amountCents && t.invoiceNumber === invoiceNumber && t.submittedAt.getTime() >= since);
    if (duplicate) return answerTransaction(refId, null, { code: '11', text: 'A duplicate transaction has been submitted.', responseCode: '3' });
    const base = { type: 'authCaptureTransaction' as const, amountCents, last4: card.last4, brand: card.brand, invoiceNumber, description, refId, cardDigest: card.digest };
    if (card.zip === '46282') {
      const t = record({ ...base, status: 'declined', responseCode: '2' });
      return answerTransaction(refId, t, { code: '2', text: DECLINED, responseCode: '2' });
    }
    if (card.code === '901') {
      const t = record({ ...base, status: 'declined', responseCode: '2' });
      return answerTransaction(refId, t, { code: '65', text: DECLINED, responseCode: '2' });
    }
    return answerTransaction(refId, record({ ...base, status: 'capturedPendingSettlement', responseCode: '1' }));
  }

  function refund(req: Json, tr: Json): Json {
    const refId = String(req.refId ?? '');
    const original = transactions.get(String(tr.refTransId ?? ''));
    if (!original || original.type !== 'authCaptureTransaction' || original.responseCode !== '1') {
      return answerTransaction(refId, null, { code: '16', text: 'The transaction cannot be found.', responseCode: '3' });
    }
    const cc = ((tr.payment as Json | undefined)?.creditCard ?? {}) as Json;
    if (String(cc.cardNumber ?? '') !== original.last4) return answerTransaction(refId, null, { code: '6', text: 'The credit card number is invalid.', responseCode: '3' });
    if (!original.settled) return answerTransaction(refId, null, { code: '54', text: 'The referenced transaction does not meet the criteria for issuing a credit.', responseCode: '3' });
    const amountCents = cents(tr.amount);
    if (!(amountCents > 0)) return answerTransaction(refId, null, { code: '5', text: 'A valid amount is required.', responseCode: '3' });
    if (amountCents > original.amountCents - original.refundedCents) {
      return answerTransaction(refId, null, { code: '55', text: 'The sum of credits against the referenced transaction would exceed original debit amount.', responseCode: '3' });
    }
    original.refundedCents += amountCents;
    const t = record({
      type: 'refundTransaction', status: 'refundPendingSettlement', responseCode: '1', amountCents, last4: original.last4, brand: original.brand,
      invoiceNumber: String((tr.order as Json | undefined)?.invoiceNumber ?? original.invoiceNumber), description: '', refId, cardDigest: '',
    });
    return answerTransaction(refId, t, undefined, original.transId);
  }

  function voidTransaction(req: Json, tr: Json): Json {
    const refId = String(req.refId ?? '');
    const original = transactions.get(String(tr.refTransId ?? ''));
    if (!original) return answerTransaction(refId, null, { code: '16', text: 'The transaction cannot be found.', responseCode: '3' });
    if (original.settled || original.status === 'voided') {
      return answerTransaction(refId, null, { code: '16', text: 'The transaction cannot be found.', responseCode: '3' });
    }
    original.status = 'voided';
    return answerTransaction(refId, original, undefined, original.transId);
  }

  function createCustomerPaymentProfile(req: Json): Json {
    const customer = customers.get(String(req.customerProfileId ?? ''));
    if (!customer) return error('E00040', 'The record cannot be found.');
    const pp = (req.paymentProfile ?? {}) as Json;
    const cc = ((pp.payment as Json | undefined)?.creditCard ?? {}) as Json;
    const number = String(cc.cardNumber ?? '');
    const expiration = String(cc.expirationDate ?? '');
    const zip = String((pp.billTo as Json | undefined)?.zip ?? '');
    const live = req.validationMode === 'liveMode';
    const refuse = (reason: string, text: string) => error('E00027', text, { validationDirectResponse: `3,1,${reason},${text},,P,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only` });
    const brand = SANDBOX_TEST_CARDS[number];
    if (!brand) return refuse('6', 'The credit card number is invalid.');
    if (expired(expiration, new Date())) return refuse('8', 'The credit card has expired.');
    if (cc.cardCode === '901') return error('E00027', DECLINED, { validationDirectResponse: `2,1,65,${DECLINED},,P,0,none,,0.00,CC,auth_only` });
    if (live && zip === '46282') return error('E00027', DECLINED, { validationDirectResponse: `2,1,2,${DECLINED},,P,0,none,,0.00,CC,auth_only` });
    const last4 = number.slice(-4);
    const same = [...customer.paymentProfiles.values()].find((p) => p.last4 === last4 && p.expiration === expiration);
    if (same) return error('E00039', 'A duplicate customer payment profile already exists.', { customerProfileId: customer.id, customerPaymentProfileId: same.id });
    const profile: PaymentProfile = { id: newId(), last4, brand, expiration, zipDeclines: zip === '46282' };
    customer.paymentProfiles.set(profile.id, profile);
    return ok({ customerProfileId: customer.id, customerPaymentProfileId: profile.id, validationDirectResponse: `1,1,1,${APPROVED},000000,Y,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,XXXX${last4},${brand}` });
  }

  function handle(body: Json): Json {
    const [name, req] = Object.entries(body)[0] as [string, Json];
    const auth = (req?.merchantAuthentication ?? {}) as Json;
    if (auth.name !== apiLoginId || auth.transactionKey !== transactionKey) {
      return error('E00007', 'User authentication failed due to invalid authentication values.');
    }
    switch (name) {
      case 'createTransactionRequest': {
        const tr = (req.transactionRequest ?? {}) as Json;
        if (tr.transactionType === 'authCaptureTransaction') return charge(req, tr);
        if (tr.transactionType === 'refundTransaction') return refund(req, tr);
        if (tr.transactionType === 'voidTransaction') return voidTransaction(req, tr);
        return error('E00003', `The value '${String(tr.transactionType)}' is invalid according to its datatype.`);
      }
      case 'createCustomerProfileRequest': {
        const p = (req.profile ?? {}) as Json;
        const existing = [...customers.values()].find((c) => c.merchantCustomerId === p.merchantCustomerId);
        if (existing) return error('E00039', `A duplicate record with ID ${existing.id} already exists.`);
        const customer: CustomerProfile = { id: newId(), merchantCustomerId: String(p.merchantCustomerId ?? ''), paymentProfiles: new Map() };
        customers.set(customer.id, customer);
        return ok({ customerProfileId: customer.id, customerPaymentProfileIdList: [], customerShippingAddressIdList: [], validationDirectResponseList: [] });
      }
      case 'createCustomerPaymentProfileRequest':
        return createCustomerPaymentProfile(req);
      case 'deleteCustomerPaymentProfileRequest': {
        const customer = customers.get(String(req.customerProfileId ?? ''));
        if (!customer?.paymentProfiles.delete(String(req.customerPaymentProfileId ?? ''))) return error('E00040', 'The record cannot be found.');
        return ok();
      }
      case 'getUnsettledTransactionListRequest': {
        const list = [...transactions.values()].filter((t) => !t.settled).sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime());
        return ok({
          transactions: list.map((t) => ({
            transId: t.transId, submitTimeUTC: t.submittedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'), transactionStatus: t.status, invoiceNumber: t.invoiceNumber,
            accountType: t.brand, accountNumber: `XXXX${t.last4}`, settleAmount: (t.amountCents / 100).toFixed(2), marketType: 'eCommerce', product: 'Card Not Present',
          })),
          totalNumInResultSet: list.length,
        });
      }
      case 'getTransactionDetailsRequest': {
        const t = transactions.get(String(req.transId ?? ''));
        if (!t) return error('E00040', 'The record cannot be found.');
        return ok({
          transaction: {
            transId: t.transId, submitTimeUTC: t.submittedAt.toISOString(), transactionType: t.type, transactionStatus: t.status, responseCode: Number(t.responseCode),
            order: { invoiceNumber: t.invoiceNumber, description: t.description }, authAmount: (t.amountCents / 100).toFixed(2), settleAmount: (t.amountCents / 100).toFixed(2),
            payment: { creditCard: { cardNumber: `XXXX${t.last4}`, expirationDate: 'XXXX', cardType: t.brand } },
          },
          transrefId: t.refId,
        });
      }
      default:
        return error('E00003', 'The element is not expected.');
    }
  }

  const fake = {
    url: '',
    apiLoginId,
    transactionKey,
    mode: 'normal' as FakeMode,
    requests: [] as string[],
    answers: [] as string[],
    transactions,
    settle() {
      for (const t of transactions.values()) {
        t.settled = true;
        if (t.status === 'capturedPendingSettlement') t.status = 'settledSuccessfully';
        if (t.status === 'refundPendingSettlement') t.status = 'refundSettledSuccessfully';
      }
    },
    close: async () => {},
    held: null as null | { gate: Promise<void>; arrive(): void },
    hold() {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((r) => { arrive = r; });
      const gate = new Promise<void>((r) => { release = r; });
      fake.held = { gate, arrive };
      return { arrived, release: () => { fake.held = null; release(); } };
    },
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      fake.requests.push(text);
      if (fake.held) {
        fake.held.arrive();
        void fake.held.gate.then(() => answerRequest(text, response));
        return;
      }
      answerRequest(text, response);
    });
  });
  function answerRequest(text: string, response: ServerResponse) {
    if (fake.mode === 'hang') return; // the socket stays open until the client gives up
    if (fake.mode === 'http500') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return;
    }
    if (fake.mode === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Service temporarily unavailable</body></html>');
      return;
    }
    let answer: Json;
    try {
      answer = handle(JSON.parse(text) as Json);
    } catch {
      answer = error('E00001', 'An error occurred during processing. Please try again.');
    }
    const out = JSON.stringify(answer);
    fake.answers.push(out);
    if (fake.mode === 'drop') return;
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(`\uFEFF${out}`);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/xml/v1/request.api`;
  fake.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return fake;
}
