import { describe, expect, it } from 'vitest';
import { mayRefundPayments } from './billing-payments.js';
import type { Role } from '../../shared/roles.js';

const SCHOOL = '11111111-1111-4111-8111-111111111111';

describe('mayRefundPayments', () => {
  it.each<[Role, string | null, boolean]>([
    ['superadmin', null, false],
    ['admin', SCHOOL, true],
    ['subadmin', SCHOOL, true],
    ['teacher', SCHOOL, false],
    ['student', SCHOOL, false],
    ['parent', SCHOOL, false],
    ['subadmin', null, false],
  ])('%s of school %s: %s', (role, adminId, allowed) => {
    expect(mayRefundPayments({ role, adminId })).toBe(allowed);
  });
});
