import { PHONE_DIGITS_MAX } from './constants.js';

/**
 * A phone's digits and the cut of what is typed (no zod: the light public forms use it too).
 * The one phone rule is shared/contracts/phone.ts; an input limits the digits with
 * limitPhoneDigits, never the formatted text with maxLength (issue 27: "(617) 555-0199" is 14
 * characters and was cut to "(617) 555-019" by a 13-character limit).
 */
export const phoneDigitsOf = (text: string): string => text.replace(/\D/g, '');

/** What is typed, up to and with its last allowed digit: the formatting around the digits is kept. */
export function limitPhoneDigits(text: string, maxDigits = PHONE_DIGITS_MAX): string {
  let digits = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/\d/.test(text[i]!)) {
      digits += 1;
      if (digits === maxDigits) return text.slice(0, i + 1);
    }
  }
  return text;
}
