/**
 * The card rule's words, brands and lists without zod (decision 074): the card form paints with
 * these (the public pay page stays light, decision 027), and shared/contracts/card.ts, the card
 * rule's schema, is built on them.
 */

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Enter a valid card number',
  codeRequired: 'Card code (CVV) is required',
  codeInvalid: 'Enter the 3-digit card code (CVV) from the back of the card',
  codeInvalidAmex: 'Enter the 4-digit card code (CVV) from the front of the card',
  monthRequired: 'Expiry month is required',
  yearRequired: 'Expiry year is required',
  expired: 'This card has expired',
} as const;

/** The brands a card number may belong to, by its leading digits and length (the whole number). */
const CARD_BRANDS: { brand: string; pattern: RegExp }[] = [
  { brand: 'Visa', pattern: /^4\d{12}(\d{3})?$/ },
  { brand: 'Mastercard', pattern: /^(5[1-5]\d{2}|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)\d{12}$/ },
  { brand: 'American Express', pattern: /^3[47]\d{13}$/ },
  { brand: 'Discover', pattern: /^(6011|65\d{2}|64[4-9]\d)\d{12}$/ },
  { brand: 'Diners Club', pattern: /^3(0[0-5]|[68]\d)\d{11}$/ },
  { brand: 'JCB', pattern: /^(2131|1800|35\d{3}|30(8[89]|9[0-4])\d)\d{11}$/ },
];

/** The brands by the first digits alone, for naming the brand while the number is typed. */
const BRAND_PREFIXES: { brand: string; prefix: RegExp }[] = [
  { brand: 'Visa', prefix: /^4/ },
  { brand: 'American Express', prefix: /^3[47]/ },
  { brand: 'Mastercard', prefix: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/ },
  { brand: 'Discover', prefix: /^(6011|65|64[4-9])/ },
  { brand: 'Diners Club', prefix: /^3(0[0-5]|[68])/ },
  { brand: 'JCB', prefix: /^(2131|1800|35)/ },
];

/** The card's brand, or null when the whole number matches none ("Enter a valid card number"). */
export const cardBrandOf = (digits: string) => CARD_BRANDS.find((b) => b.pattern.test(digits))?.brand ?? null;

/** The brand the first digits typed point to (before the number is whole), or null. */
export const cardBrandFromPrefix = (digits: string) => BRAND_PREFIXES.find((b) => b.prefix.test(digits))?.brand ?? null;

/** A number as printed on a card: digits, with spaces or dashes between groups. */
export const TYPED_CARD_NUMBER = /^[\d -]+$/;
/** The longest number any brand has (19 digits) and room for a separator between every two. */
export const CARD_NUMBER_TYPED_MAX = 40;
export const CARD_NUMBER_DIGITS_MAX = 19;

/** The digits of a number typed with spaces or dashes: what the gateway is sent. */
export const cardDigitsOf = (typed: string) => typed.replace(/[ -]/g, '');

/**
 * The digits in the groups the card prints them in (American Express 4-6-5, Diners Club's 14
 * digits 4-6-4, every other brand fours), for the field to show as it is typed.
 */
export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_DIGITS_MAX);
  const brand = cardBrandFromPrefix(digits);
  const sizes = brand === 'American Express' ? [4, 6, 5] : brand === 'Diners Club' && digits.length <= 14 ? [4, 6, 4] : [4, 4, 4, 4, 3];
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join(' ');
}

/** How many digits the brand's card code has: American Express prints 4 on the front, the others 3 on the back. */
export const cardCodeLengthOf = (brand: string | null) => (brand === 'American Express' ? 4 : 3);

/** Months 01 to 12. */
export const CARD_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** How many years the expiry's year list offers, from the current one. */
export const CARD_YEARS_OFFERED = 16;

/** The expiry years offered on `today` ('YYYY-MM-DD' on the school's clock): this year and the next 15. */
export function cardExpiryYears(today: string): string[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: CARD_YEARS_OFFERED }, (_, i) => String(year + i));
}

/** The expiry months offered for `year` on `today`: from the current month in the current year, all twelve after. */
export function cardExpiryMonths(today: string, year: string): string[] {
  const [thisYear, thisMonth] = today.split('-');
  return year === thisYear ? CARD_MONTHS.filter((m) => m >= thisMonth!) : CARD_MONTHS;
}

/** A card is good through the last day of its expiry month on `today`'s clock. */
export function isExpiredOn(month: number, year: number, today: string): boolean {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return year < y || (year === y && month < m);
}

/** A card is good through the last day of its expiry month (read in UTC: a saved card's "expired" mark). */
export function isExpired(month: number, year: number, now: Date): boolean {
  return isExpiredOn(month, year, now.toISOString().slice(0, 10));
}


/** The four card fields as every card form holds them (the number as shown, in its groups). */
export type CardFieldValues = { cardNo: string; expMonth: string; expYear: string; cardCode: string };
export type CardFieldName = keyof CardFieldValues;
export const EMPTY_CARD_FIELDS: CardFieldValues = { cardNo: '', expMonth: '', expYear: '', cardCode: '' };

/** The form's two selects as a payload's expDate (year-month), '' while one is empty. */
export const expDateOf = (month: string, year: string) => (month && year ? `${year}-${month}` : '');
