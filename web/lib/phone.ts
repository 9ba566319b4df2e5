import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY } from '../../shared/constants';

/**
 * The phone widget holds E.164 ("+15551234567"); numbers saved in other shapes
 * ("(555) 123-4567") are read as US numbers. Unreadable input is kept as typed.
 */
export function toE164(value: string | null | undefined): string {
  if (!value) return '';
  return parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY)?.number ?? value;
}

/** A saved number as people read it: "(206) 555-0199" at home, "+44 20 7946 0958" abroad. */
export function displayPhone(value: string | null | undefined): string {
  if (!value) return '';
  const phone = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  if (!phone) return value;
  return phone.country === DEFAULT_PHONE_COUNTRY ? phone.formatNational() : phone.formatInternational();
}
