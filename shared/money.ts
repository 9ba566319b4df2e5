/**
 * Money, the one place (decision 056): integer cents in the database and on the server, dollars
 * with two decimals on forms and in JSON. Every line amount, subtotal, discount, tax, total,
 * balance and every amount shown to people is computed here; the server, the web, the PDFs, the
 * emails and the CSVs call these. SQL that sums the same things lives in server/lib/money-sql.ts,
 * held to these by its test. The forms' typed-dollars field stays with the contracts
 * (shared/contracts/money.ts: moneyField).
 */

/** Cents as the JSON number of dollars (1999 → 19.99). */
export const dollarsOf = (cents: number) => Math.round(cents) / 100;

/** The API's dollars back to whole cents (19.99 → 1999): floating dollars rounded to the nearest cent. */
export const centsOf = (dollars: number) => Math.round(dollars * 100);

/**
 * A line's amount: quantity × unit price. Quantities are whole and prices whole cents, so the
 * product is exact and nothing is rounded here (a form's half-typed quantity stays as typed until
 * it is shown: formatMoney rounds to the cent).
 */
export const lineAmountCents = (quantity: number, unitPriceCents: number) => quantity * unitPriceCents;

export type CentsLine = { quantity: number; unitPriceCents: number };

/** The sum of the lines' amounts. */
export const subtotalCents = (lines: readonly CentsLine[]) => lines.reduce((sum, l) => sum + lineAmountCents(l.quantity, l.unitPriceCents), 0);

export type InvoiceTotalsCents = { subtotalCents: number; discountCents: number; totalCents: number };

/**
 * An invoice's money from its lines and discount: the discount never takes the total below zero
 * (it is capped at the subtotal), and the total is the subtotal less the discount.
 */
export function invoiceTotalsOf(lines: readonly CentsLine[], discountCents: number): InvoiceTotalsCents {
  const subtotal = subtotalCents(lines);
  return { subtotalCents: subtotal, discountCents: Math.min(discountCents, subtotal), totalCents: totalAfterDiscount(subtotal, discountCents) };
}

/** Subtotal less discount, never below zero (the SQL twin: invoiceTotalSql). */
export const totalAfterDiscount = (subtotal: number, discountCents: number) => Math.max(subtotal - discountCents, 0);

/**
 * Tax at a rate in basis points (825 = 8.25 %), rounded once to the nearest cent, halves up
 * (Math.round), on the sum of the taxable amounts: never line by line.
 */
export const taxCentsOf = (taxableCents: number, rateBp: number) => Math.round((taxableCents * rateBp) / 10_000);

/** A store line: its price, quantity, shipping per unit (none when null) and whether it is taxed. */
export type PricedLine = { priceCents: number; quantity: number; shippingCents: number | null; taxApplicable: boolean };
export type TotalsCents = { subtotalCents: number; taxCents: number; shippingCents: number; grandTotalCents: number; taxRateBp: number };

/** Shipping of a store line: its cost per unit times the quantity (none when it has no cost). */
export const lineShippingCents = (shippingCents: number | null, quantity: number) => lineAmountCents(quantity, shippingCents ?? 0);

/**
 * A store cart's or order's money, from the items' rows (never the client's numbers): the
 * subtotal, tax on the tax-applicable lines at the store's rate (rounded once, on their sum),
 * shipping as each item's cost times its quantity, and the grand total.
 */
export function orderTotalsOf(lines: readonly PricedLine[], taxRateBp: number): TotalsCents {
  const priced = lines.map((l) => ({ quantity: l.quantity, unitPriceCents: l.priceCents }));
  const subtotal = subtotalCents(priced);
  const taxCents = taxCentsOf(subtotalCents(priced.filter((_, i) => lines[i]!.taxApplicable)), taxRateBp);
  const shippingCents = lines.reduce((sum, l) => sum + lineShippingCents(l.shippingCents, l.quantity), 0);
  return { subtotalCents: subtotal, taxCents, shippingCents, grandTotalCents: subtotal + taxCents + shippingCents, taxRateBp };
}

/** What is left to pay of a total: never below zero (the SQL twin: amountDueSql). */
export const amountDueCents = (totalCents: number, paidCents: number) => Math.max(totalCents - paidCents, 0);

/** What an invoice still asks for: nothing on a void invoice, whatever it said. */
export const balanceOf = (invoice: { status: string; totalCents: number; paidCents: number }) =>
  invoice.status === 'void' ? 0 : amountDueCents(invoice.totalCents, invoice.paidCents);

/** Whether payments cover a total (an open invoice becomes paid; the SQL twin: paidInFullSql). */
export const paidInFull = (totalCents: number, paidCents: number) => paidCents >= totalCents;

/** Cents for people: "$1,234.50" (negative as "-$5.00"), in the record's currency. */
export function formatMoney(cents: number, currency = 'USD'): string {
  return currencyFormat(currency).format(cents / 100);
}

/** One formatter a currency: making one costs far more than formatting with it (a page of amounts on a phone's CPU). */
const CURRENCY_FORMATS = new Map<string, Intl.NumberFormat>();
function currencyFormat(currency: string): Intl.NumberFormat {
  let format = CURRENCY_FORMATS.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    CURRENCY_FORMATS.set(currency, format);
  }
  return format;
}

/** The API's dollars for people, as formatMoney: 1234.5 → "$1,234.50". */
export const formatDollars = (dollars: number, currency = 'USD') => formatMoney(centsOf(dollars), currency);

/** Cents as a CSV or gateway amount: plain dollars with two decimals, no symbol (1234.5 → "1234.50"). */
export const plainDollars = (cents: number) => (cents / 100).toFixed(2);
