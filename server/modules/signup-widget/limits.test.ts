import { describe, expect, it } from 'vitest';
import { createRateLimits } from '../../services/rate-limits/rate-limits.js';
import { checkSignupAllowed, SIGNUP_LIMITS } from './limits.js';

const SCHOOL = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';

describe('signup widget limits', () => {
  it('caps one school’s signups a day, whatever the addresses, and leaves other schools alone', async () => {
    const limits = createRateLimits();
    for (let i = 0; i < SIGNUP_LIMITS.submitPerSchool.points; i++) await checkSignupAllowed(limits, `10.1.${i >> 8}.${i & 255}`, SCHOOL);
    await expect(checkSignupAllowed(limits, '10.2.0.1', SCHOOL)).rejects.toMatchObject({ status: 429 });
    await expect(checkSignupAllowed(limits, '10.2.0.2', OTHER)).resolves.toBeUndefined();
  });
});
