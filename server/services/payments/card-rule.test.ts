import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from './sandbox-cards.js';
import { cardBrandOf, cardNumberField } from '../../../shared/contracts/billing.js';

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
