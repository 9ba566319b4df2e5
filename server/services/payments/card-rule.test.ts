import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from './sandbox-cards.js';
import {
  CARD_MESSAGES, cardBrandFromPrefix, cardBrandOf, cardCodeProblem, cardExpiryMonths, cardExpiryYears, cardNumberField, cardProblems, groupCardNumber,
  hasExpiredEverywhere,
} from '../../../shared/contracts/card.js';

describe('the card rule', () => {
  it.each(Object.entries(SANDBOX_TEST_CARDS))('takes the published test card %s as %s', (number, brand) => {
    expect(cardNumberField.safeParse(number).success).toBe(true);
    expect(cardBrandOf(number)).toBe(brand);
  });

  it.each([
    ['3088000000000017', 'JCB'], ['3094000000000011', 'JCB'], ['3530111333300000', 'JCB'],
    ['30569309025904', 'Diners Club'], ['2720990000000007', 'Mastercard'],
  ])('knows %s as %s', (number, brand) => expect(cardBrandOf(number)).toBe(brand));

  it.each(['3095000000000010', '3087000000000018', '2721000000000000', '9999999999999999', '41111111111111111'])('refuses %s', (number) => {
    expect(cardBrandOf(number)).toBeNull();
    expect(cardNumberField.safeParse(number).success).toBe(false);
  });
});

describe('the card rule reads a number as printed (decision 074)', () => {
  it.each(['4111 1111 1111 1111', '4111-1111-1111-1111', '4111 1111-1111 1111', ' 4111111111111111 '])('takes %s as 4111111111111111', (typed) => {
    expect(cardNumberField.parse(typed)).toBe('4111111111111111');
  });

  it.each([['', CARD_MESSAGES.numberRequired], ['4111.1111.1111.1111', CARD_MESSAGES.numberInvalid], ['4111 1111 1111 111', CARD_MESSAGES.numberInvalid],
    ['4111/1111/1111/1111', CARD_MESSAGES.numberInvalid], ['4'.padEnd(41, ' '), CARD_MESSAGES.numberInvalid]])('refuses %j: %s', (typed, message) => {
    const parsed = cardNumberField.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('wants 4 code digits of American Express and 3 of the others', () => {
    expect(cardCodeProblem('378282246310005', '1234')).toBeNull();
    expect(cardCodeProblem('378282246310005', '123')).toBe(CARD_MESSAGES.codeInvalidAmex);
    expect(cardCodeProblem('4111111111111111', '123')).toBeNull();
    expect(cardCodeProblem('4111111111111111', '1234')).toBe(CARD_MESSAGES.codeInvalid);
  });

  it('groups a number as the card prints it and names the brand from its first digits', () => {
    expect(groupCardNumber('4111-1111-1111-1111')).toBe('4111 1111 1111 1111');
    expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(groupCardNumber('4111a')).toBe('4111');
    expect([cardBrandFromPrefix('4'), cardBrandFromPrefix('51'), cardBrandFromPrefix('2221'), cardBrandFromPrefix('34'), cardBrandFromPrefix('6011'), cardBrandFromPrefix('9')])
      .toEqual(['Visa', 'Mastercard', 'Mastercard', 'American Express', 'Discover', null]);
  });

  it('offers the expiry from the current month, and refuses a month only once it has ended on every clock', () => {
    expect(cardExpiryYears('2026-11-29')).toEqual(Array.from({ length: 16 }, (_, i) => String(2026 + i)));
    expect(cardExpiryMonths('2026-11-29', '2026')).toEqual(['11', '12']);
    expect(cardExpiryMonths('2026-11-29', '2027')).toHaveLength(12);
    // November 2026 ends at 12:00 UTC on 1 December in the last zone (UTC−12).
    expect(hasExpiredEverywhere(11, 2026, new Date('2026-12-01T11:59:00Z'))).toBe(false);
    expect(hasExpiredEverywhere(11, 2026, new Date('2026-12-01T12:00:00Z'))).toBe(true);
  });

  it('gives the school signup the fields’ own messages', () => {
    expect(cardProblems({ cardNo: '', expDate: '', cardCode: '' })).toEqual({
      cardNo: CARD_MESSAGES.numberRequired, expDate: CARD_MESSAGES.monthRequired, cardCode: CARD_MESSAGES.codeRequired,
    });
    expect(cardProblems({ cardNo: '3782 822463 10005', expDate: '2030-12', cardCode: '123' })).toEqual({ cardCode: CARD_MESSAGES.codeInvalidAmex });
    expect(cardProblems({ cardNo: '4111-1111-1111-1111', expDate: '2030-12', cardCode: '123' })).toEqual({});
  });
});
