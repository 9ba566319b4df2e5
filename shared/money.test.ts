import { describe, expect, it } from 'vitest';
import {
  amountDueCents, balanceOf, centsOf, dollarsOf, formatDollars, formatMoney, invoiceTotalsOf, lineAmountCents, lineShippingCents,
  orderTotalsOf, paidInFull, plainDollars, subtotalCents, taxCentsOf, totalAfterDiscount,
} from './money.js';

describe('the money module', () => {
  it('turns cents into the JSON dollars and back, to the nearest cent', () => {
    expect(dollarsOf(1999)).toBe(19.99);
    expect(dollarsOf(0)).toBe(0);
    expect(dollarsOf(-500)).toBe(-5);
    expect(centsOf(19.99)).toBe(1999);
    expect(centsOf(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(centsOf(1.005)).toBe(100); // the float below 1.005: never a half cent up by accident
  });

  it('computes a line as quantity × unit price, exactly', () => {
    expect(lineAmountCents(3, 4550)).toBe(13_650);
    expect(lineAmountCents(0, 999)).toBe(0);
    expect(lineShippingCents(250, 2)).toBe(500);
    expect(lineShippingCents(null, 5)).toBe(0);
  });

  it('sums the lines and caps the discount at the subtotal: the total is never below zero', () => {
    const lines = [{ quantity: 2, unitPriceCents: 1000 }, { quantity: 1, unitPriceCents: 550 }];
    expect(subtotalCents(lines)).toBe(2550);
    expect(subtotalCents([])).toBe(0);
    expect(invoiceTotalsOf(lines, 550)).toEqual({ subtotalCents: 2550, discountCents: 550, totalCents: 2000 });
    expect(invoiceTotalsOf(lines, 9999)).toEqual({ subtotalCents: 2550, discountCents: 2550, totalCents: 0 });
    expect(invoiceTotalsOf([], 0)).toEqual({ subtotalCents: 0, discountCents: 0, totalCents: 0 });
    expect(totalAfterDiscount(100, 300)).toBe(0);
  });

  it('rounds tax once, on the taxable sum, halves up', () => {
    expect(taxCentsOf(2000, 825)).toBe(165);
    expect(taxCentsOf(1000, 5)).toBe(1); // 0.5 cent → 1
    expect(taxCentsOf(999, 5)).toBe(0); // 0.4995 cent → 0
    expect(taxCentsOf(0, 825)).toBe(0);
    // Three lines of 10 cents at 5 %: 1.5 cents on their sum (2), not 0.5 a line (3 × 1).
    const lines = [1, 2, 3].map(() => ({ priceCents: 10, quantity: 1, shippingCents: null, taxApplicable: true }));
    expect(orderTotalsOf(lines, 500).taxCents).toBe(2);
  });

  it("computes a store order's totals: tax only on taxed lines, shipping per unit", () => {
    const lines = [
      { priceCents: 1000, quantity: 2, shippingCents: 250, taxApplicable: true },
      { priceCents: 500, quantity: 1, shippingCents: null, taxApplicable: false },
    ];
    expect(orderTotalsOf(lines, 825)).toEqual({ subtotalCents: 2500, taxCents: 165, shippingCents: 500, grandTotalCents: 3165, taxRateBp: 825 });
    expect(orderTotalsOf([], 825)).toEqual({ subtotalCents: 0, taxCents: 0, shippingCents: 0, grandTotalCents: 0, taxRateBp: 825 });
  });

  it('never owes less than nothing: an overpaid total and a void invoice owe 0', () => {
    expect(amountDueCents(2000, 500)).toBe(1500);
    expect(amountDueCents(2000, 2000)).toBe(0);
    expect(amountDueCents(2000, 2500)).toBe(0);
    expect(balanceOf({ status: 'open', totalCents: 2000, paidCents: 500 })).toBe(1500);
    expect(balanceOf({ status: 'void', totalCents: 2000, paidCents: 0 })).toBe(0);
    expect(balanceOf({ status: 'paid', totalCents: 2000, paidCents: 2500 })).toBe(0);
    expect(paidInFull(2000, 2000)).toBe(true);
    expect(paidInFull(2000, 1999)).toBe(false);
    expect(paidInFull(0, 0)).toBe(true);
  });

  it('formats cents in the currency given, with thousands and negatives', () => {
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-500)).toBe('-$5.00');
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
    expect(formatMoney(1999, 'CAD')).toBe('CA$19.99');
    expect(formatMoney(100, 'GBP')).toBe('£1.00');
    expect(formatMoney(12.5)).toBe('$0.13'); // a half-typed line's fraction of a cent, rounded when shown
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(19.99, 'EUR')).toBe('€19.99');
    expect(plainDollars(123_450)).toBe('1234.50');
    expect(plainDollars(-5)).toBe('-0.05');
  });
});
