import { describe, expect, it } from 'vitest';
import { PHONE_DIGITS_MAX } from '../constants';
import { limitPhoneDigits, phoneDigitsOf } from '../phone-text';
import { formatUsPhone } from '../signup-widget-text';
import { schoolForm } from './schools';
import { schoolRegistrationBody } from './school-signup';
import { optionalPhoneField, PHONE_INVALID, requiredPhoneField } from './phone';

describe('the one phone rule (issue 27: digits limited, not the typed text)', () => {
  it('takes a formatted US number of 14 characters and more, everywhere', () => {
    for (const typed of ['(617) 555-0199', '+1 (617) 555-0199', '617.555.0199', '+44 20 7946 0958']) {
      expect(requiredPhoneField('Phone is required').safeParse(typed).success, typed).toBe(true);
      expect(optionalPhoneField().safeParse(typed).success, typed).toBe(true);
    }
  });

  it('refuses more digits than a number has, and what is not a number, with the one message', () => {
    const tooMany = '+1 617 555 0199 1234 5';
    expect(phoneDigitsOf(tooMany).length).toBeGreaterThan(PHONE_DIGITS_MAX);
    for (const typed of [tooMany, '12345', '(617) 555-019']) {
      const result = requiredPhoneField('Phone is required').safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PHONE_INVALID);
    }
    expect(requiredPhoneField('Phone is required').safeParse('').error?.issues[0]?.message).toBe('Phone is required');
  });

  it('cuts what is typed after the last allowed digit, keeping the formatting before it', () => {
    expect(limitPhoneDigits('(617) 555-0199')).toBe('(617) 555-0199');
    expect(limitPhoneDigits('(617) 555-0199', 10)).toBe('(617) 555-0199');
    expect(limitPhoneDigits('(617) 555-01999', 10)).toBe('(617) 555-0199');
    expect(limitPhoneDigits(`+${'1'.repeat(20)}`)).toBe(`+${'1'.repeat(PHONE_DIGITS_MAX)}`);
  });

  it("formats the widget's US number from ten digits, or eleven after a leading 1", () => {
    expect(formatUsPhone('6175550199')).toBe('(617) 555-0199');
    expect(formatUsPhone('+1 (617) 555-0199')).toBe('(617) 555-0199');
    expect(formatUsPhone('(617) 555-01999')).toBe('(617) 555-0199');
    expect(formatUsPhone('617555')).toBe('(617) 555');
  });

  it("the school signup's and the schools form's phones are the one rule", () => {
    const shape = schoolRegistrationBody.shape;
    for (const field of [shape.working_phone, shape.cellPhone, shape.phone_number, schoolForm.shape.working_phone]) {
      expect(field.safeParse('(617) 555-0199').success).toBe(true);
      expect(field.safeParse('12345').error?.issues[0]?.message).toBe(PHONE_INVALID);
    }
  });
});

describe('the school signup time zone (decision 076)', () => {
  it('takes a zone the engine knows, the default when none is sent, and refuses anything else', () => {
    const shape = schoolRegistrationBody.shape;
    expect(shape.time_zone.parse(undefined)).toBe('America/New_York');
    expect(shape.time_zone.parse('America/Chicago')).toBe('America/Chicago');
    for (const bad of ['Mars/Olympus', 'America/Chicago; drop', '']) {
      expect(shape.time_zone.safeParse(bad).error?.issues[0]?.message, bad).toBe('Please choose a time zone from the list');
    }
  });
});
