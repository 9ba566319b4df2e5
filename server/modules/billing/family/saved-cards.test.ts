import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopaySettings, paymentCustomers, savedCards } from '../../../db/schema/index.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { AUTH_MESSAGES } from '../../../../shared/contracts/auth.js';
import { FAMILY_MESSAGES as M } from '../../../../shared/contracts/billing-family.js';
import { expectCall, goodCard } from './test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
/** A second family of school A: a parent and their child. */
let otherParent: TestUser;
let tokens: Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'otherStudent' | 'otherParent' | 'adminB' | 'parentB', string>;

const list = (token: string, body: object = {}) => expectCall(t, 'POST', '/api/studentBilling/cardList', 200, { token, body });
const add = (token: string, card: Partial<typeof goodCard> & { isDefault?: boolean } = {}, status = 200) =>
  expectCall(t, 'POST', '/api/studentBilling/addToCard', status, { token, body: { ...goodCard, ...card } });

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  otherParent = await createUser(t.db, 'parent', a.adminId);
  tokens = {
    admin: await sessionToken(t, a.admin.id),
    subadmin: await sessionToken(t, a.subadmin.id),
    teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id),
    parent: await sessionToken(t, a.parent.id),
    otherStudent: await sessionToken(t, a.otherStudent.id),
    otherParent: await sessionToken(t, otherParent.id),
    adminB: await sessionToken(t, b.admin.id),
    parentB: await sessionToken(t, b.parent.id),
  };
});
afterAll(() => t.close());

describe('saving cards', () => {
  it('keeps brand, last four and expiry with the gateway’s ids; the first card is the default', async () => {
    const first = await add(tokens.parent);
    expect(first.message).toBe(M.cardAdded);
    expect(first.data).toMatchObject({ brand: 'Visa', last4: '1111', expMonth: '12', expYear: '2030', isDefault: true, expired: false, mine: true });
    expect(first.data.customerProfileId).toMatch(/^sbxc_/);
    expect(first.data.customerPaymentProfileId).toMatch(/^sbxp_visa_1111_122030_ok_/);
    const second = await add(tokens.parent, { cardNo: '5424000000000015', cardCode: '456' });
    expect(second.data).toMatchObject({ brand: 'Mastercard', last4: '0015', isDefault: false });
    // One customer profile a payer and school, whatever the number of cards.
    expect(second.data.customerProfileId).toBe(first.data.customerProfileId);

    const listed = await list(tokens.parent);
    expect(listed.data.testMode).toBe(true);
    expect(listed.data.results.map((c: { last4: string; isDefault: boolean }) => [c.last4, c.isDefault])).toEqual([['1111', true], ['0015', false]]);
    // Nothing of the number or code but the last four reaches the database.
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select row_to_json(c)::text as j from saved_cards c where owner_id = ${a.parent.id}`));
    for (const r of rows) {
      expect(String(r.j)).not.toContain('4111111111111111');
      expect(String(r.j)).not.toContain('5424000000000015');
      expect(String(r.j)).not.toMatch(/"(cvv|card_code|code)"/);
    }
  });

  it('makes another card the default, one at a time', async () => {
    const cards = (await list(tokens.parent)).data.results as { cardId: string; last4: string }[];
    const master = cards.find((c) => c.last4 === '0015')!;
    const res = await expectCall(t, 'POST', '/api/studentBilling/updateCustomerPaymentProfile', 200, { token: tokens.parent, body: { cardId: master.cardId, isDefault: true } });
    expect(res.message).toBe(M.cardDefault);
    expect((await list(tokens.parent)).data.results.map((c: { last4: string; isDefault: boolean }) => [c.last4, c.isDefault])).toEqual([['0015', true], ['1111', false]]);
  });

  it('answers the customer payment profile calls (docs/domains/billing.md) with the same cards', async () => {
    const [card] = (await list(tokens.parent)).data.results;
    const url = `/api/studentBilling/getCustomerPaymentProfile/${card.customerProfileId}/${card.customerPaymentProfileId}`;
    expect((await expectCall(t, 'GET', url, 200, { token: tokens.parent })).data).toEqual(card);
    // Staff read it; another family does not find it.
    expect((await expectCall(t, 'GET', url, 200, { token: tokens.admin })).data.cardId).toBe(card.cardId);
    await expectCall(t, 'GET', url, 404, { token: tokens.otherParent });
    await expectCall(t, 'GET', url, 404, { token: tokens.adminB });
    const viaAlias = await expectCall(t, 'POST', '/api/studentBilling/addCustomerPayment', 200, { token: tokens.parent, body: { ...goodCard, cardNo: '370000000000002', cardCode: '1234' } });
    expect(viaAlias.data.brand).toBe('American Express');
    await expectCall(t, 'DELETE', '/api/studentBilling/delCustomerPaymentProfile', 200, {
      token: tokens.parent, body: { customerProfileId: viaAlias.data.customerProfileId, customerPaymentProfileId: viaAlias.data.customerPaymentProfileId },
    });
    expect((await list(tokens.parent)).data.results).toHaveLength(2);
  });

  it('removes a card: the default moves to the other; the last one leaves no default and switches autopay off', async () => {
    await expectCall(t, 'POST', '/api/paymentbilling/autopay', 200, { token: tokens.parent, body: { studentId: a.student.id, enabled: true } });
    const [def, other] = (await list(tokens.parent)).data.results;
    const removed = await expectCall(t, 'DELETE', '/api/studentBilling/removeCard', 200, { token: tokens.parent, body: { cardId: def.cardId } });
    expect(removed).toMatchObject({ message: M.cardRemoved, data: { autopayStopped: false } });
    expect((await list(tokens.parent)).data.results.map((c: { cardId: string; isDefault: boolean }) => [c.cardId, c.isDefault])).toEqual([[other.cardId, true]]);

    const last = await expectCall(t, 'DELETE', '/api/studentBilling/removeCard', 200, { token: tokens.parent, body: { cardId: other.cardId } });
    expect(last).toMatchObject({ message: `${M.cardRemoved}. ${M.autopayOffNoCard}`, data: { autopayStopped: true } });
    expect((await list(tokens.parent)).data.results).toEqual([]);
    const [setting] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(autopaySettings).where(eq(autopaySettings.studentId, a.student.id)));
    expect(setting!.enabled).toBe(false);
    // Removed cards stay as rows (payments name them), marked removed, never default.
    const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(savedCards).where(eq(savedCards.ownerId, a.parent.id)));
    expect(rows.every((r) => r.removedAt !== null && !r.isDefault)).toBe(true);
    // A removed card is gone for every call.
    await expectCall(t, 'DELETE', '/api/studentBilling/removeCard', 404, { token: tokens.parent, body: { cardId: other.cardId } });
  });

  it('lets a student with no parent keep cards of their own', async () => {
    const res = await add(tokens.otherStudent);
    expect(res.data.isDefault).toBe(true);
    expect((await list(tokens.otherStudent, { studentId: a.otherStudent.id })).data.results).toHaveLength(1);
  });

  it('makes one customer profile of two first cards saved at once', async () => {
    const parent = await createUser(t.db, 'parent', a.adminId);
    const token = await sessionToken(t, parent.id);
    await Promise.all([add(token), add(token, { cardNo: '6011000000000012' })]);
    const customers = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(paymentCustomers).where(eq(paymentCustomers.userId, parent.id)));
    expect(customers).toHaveLength(1);
    const cards = (await list(token)).data.results as { isDefault: boolean }[];
    expect(cards.filter((c) => c.isDefault)).toHaveLength(1);
  });
});

describe('bad cards', () => {
  it.each([
    ['no number', { cardNo: '' }, { cardNo: 'Card number is required' }],
    ['letters in the number', { cardNo: '4111abcd11111111' }, { cardNo: 'Enter a valid card number' }],
    ['a number of no brand', { cardNo: '9999999999999999' }, { cardNo: 'Enter a valid card number' }],
    ['no card code', { cardCode: '' }, { cardCode: 'Card code (CVV) is required' }],
    ['no month', { expMonth: '' }, { expMonth: 'Expiry month is required' }],
    ['no year', { expYear: '' }, { expYear: 'Expiry year is required' }],
    ['an expired card', { expMonth: '01', expYear: '2021' }, { expMonth: 'This card has expired' }],
    ['an American Express card with a 3-digit code', { cardNo: '3782-822463-10005', cardCode: '123' }, { cardCode: 'Enter the 4-digit card code (CVV) from the front of the card' }],
    ['no first name', { firstName: '' }, { firstName: 'First Name is Required' }],
    ['no postal code', { postalCode: '' }, { postalCode: 'Postal Code is Required' }],
    ['no country', { country: '' }, { country: 'Country is Required' }],
  ])('%s: 400 with the documented message, nothing kept', async (_name, card, errors) => {
    const res = await add(tokens.parentB, card, 400);
    expect(res.errors).toEqual(errors);
    expect((await list(tokens.parentB)).data.results).toEqual([]);
  });

  it('saves a number typed as printed (spaces) as its brand and last four, and nothing of the number else', async () => {
    const parent = await createUser(t.db, 'parent', a.adminId);
    const token = await sessionToken(t, parent.id);
    await add(token, { cardNo: '5424 0000 0000 0015' });
    const [saved] = (await list(token)).data.results as { brand: string; last4: string }[];
    expect(saved).toMatchObject({ brand: 'Mastercard', last4: '0015' });
  });

  it('a card the gateway refuses: 400 with its words, nothing kept', async () => {
    const unknown = await add(tokens.parentB, { cardNo: '4000000000000002' }, 400);
    expect(unknown.message).toBe('The credit card number is invalid.');
    const cvv = await add(tokens.parentB, { cardCode: '901' }, 400);
    expect(cvv.message).toBe('This transaction has been declined. The card code does not match.');
    expect((await list(tokens.parentB)).data.results).toEqual([]);
  });
});

describe('who may', () => {
  it('needs a session (401)', async () => {
    for (const [method, url] of [['POST', '/api/studentBilling/cardList'], ['POST', '/api/studentBilling/addToCard'], ['DELETE', '/api/studentBilling/removeCard']] as const) {
      const res = await expectCall(t, method, url, 401, { body: {} });
      expect(res.message).toBe(AUTH_MESSAGES.sessionExpired);
    }
  });

  it('staff read a student’s payer’s cards but keep none (403); a teacher reads no family’s cards', async () => {
    await add(tokens.parent);
    const forStaff = await list(tokens.admin, { studentId: a.student.id });
    expect(forStaff.data.results.map((c: { mine: boolean; owner: { _id: string } }) => [c.mine, c.owner._id])).toEqual([[false, a.parent.id]]);
    expect((await list(tokens.subadmin, { studentId: a.student.id })).data.results).toHaveLength(1);
    await add(tokens.admin, {}, 403);
    await add(tokens.teacher, {}, 403);
    await expectCall(t, 'POST', '/api/studentBilling/cardList', 403, { token: tokens.teacher, body: { studentId: a.student.id } });
    const res = await expectCall(t, 'POST', '/api/studentBilling/cardList', 400, { token: tokens.admin, body: {} });
    expect(res.errors).toEqual({ studentId: M.studentRequired });
    const cardId = forStaff.data.results[0].cardId;
    await expectCall(t, 'DELETE', '/api/studentBilling/removeCard', 403, { token: tokens.admin, body: { cardId } });
    await expectCall(t, 'POST', '/api/studentBilling/updateCustomerPaymentProfile', 403, { token: tokens.admin, body: { cardId } });
  });

  it('a child whose parent pays keeps no cards and sees none (403)', async () => {
    await add(tokens.student, {}, 403);
    await expectCall(t, 'POST', '/api/studentBilling/cardList', 403, { token: tokens.student, body: { studentId: a.student.id } });
  });

  it('another family’s student or card is not found (404), like one that does not exist', async () => {
    const cardId = (await list(tokens.parent)).data.results[0].cardId;
    await expectCall(t, 'POST', '/api/studentBilling/cardList', 404, { token: tokens.otherParent, body: { studentId: a.student.id } });
    await expectCall(t, 'DELETE', '/api/studentBilling/removeCard', 404, { token: tokens.otherParent, body: { cardId } });
    await expectCall(t, 'POST', '/api/studentBilling/updateCustomerPaymentProfile', 404, { token: tokens.otherStudent, body: { cardId } });
  });

  it('another school’s student or card is not found (404)', async () => {
    const cardId = (await list(tokens.parent)).data.results[0].cardId;
    await expectCall(t, 'POST', '/api/studentBilling/cardList', 404, { token: tokens.adminB, body: { studentId: a.student.id } });
    await expectCall(t, 'DELETE', '/api/studentBilling/removeCard', 404, { token: tokens.parentB, body: { cardId } });
  });
});
