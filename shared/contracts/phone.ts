import { isValidPhoneNumber } from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY, PHONE_DIGITS_MAX, PHONE_TEXT_MAX } from '../constants.js';
import { phoneDigitsOf } from '../phone-text.js';
import { requiredString, safeString } from './common.js';

/**
 * The one phone rule (issue 10): a number libphonenumber finds valid, read as a US number unless
 * it starts with + and a country code. Every phone field of every contract (forms, the CSV
 * import's rows, the API) uses it, with this one message: "555" is refused everywhere. Its limit
 * is on digits (PHONE_DIGITS_MAX), not on the typed text: formatting is never counted (issue 27).
 */
export const PHONE_INVALID = 'Please enter a valid phone number';

export const isValidPhone = (value: string) => phoneDigitsOf(value).length <= PHONE_DIGITS_MAX && isValidPhoneNumber(value, DEFAULT_PHONE_COUNTRY);

/** An optional phone: empty, or a valid number. */
export const optionalPhoneField = () =>
  safeString().trim().max(PHONE_TEXT_MAX, PHONE_INVALID).refine((v) => v === '' || isValidPhone(v), PHONE_INVALID);

/** A phone the form needs: `requiredMessage` when empty, the one message when not a number. */
export const requiredPhoneField = (requiredMessage: string) =>
  requiredString(requiredMessage).max(PHONE_TEXT_MAX, PHONE_INVALID).refine(isValidPhone, PHONE_INVALID);
