import { describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles.js';
import { decidePaymentReport } from './billing-reports.js';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('decidePaymentReport', () => {
  it('gives the superadmin every school, or the one they name', () => {
    expect(decidePaymentReport({ role: 'superadmin', adminId: null }, undefined)).toEqual({ kind: 'allow', scope: { kind: 'all' } });
    expect(decidePaymentReport({ role: 'superadmin', adminId: null }, OTHER)).toEqual({ kind: 'allow', scope: { kind: 'school', adminId: OTHER } });
  });

  it.each<[Role, string]>([
    ['admin', 'school'], ['subadmin', 'school'], ['teacher', 'teacher'], ['student', 'family'], ['parent', 'family'],
  ])('gives a %s the %s scope of their own school, named or not', (role, kind) => {
    const allowed = { kind: 'allow', scope: { kind, adminId: SCHOOL } };
    expect(decidePaymentReport({ role, adminId: SCHOOL }, undefined)).toEqual(allowed);
    expect(decidePaymentReport({ role, adminId: SCHOOL }, SCHOOL)).toEqual(allowed);
  });

  it.each<Role>(['admin', 'subadmin', 'teacher', 'student', 'parent'])("answers a %s naming another school as not found", (role) => {
    expect(decidePaymentReport({ role, adminId: SCHOOL }, OTHER)).toEqual({ kind: 'not-found' });
  });

  it('forbids anyone below the superadmin without a school', () => {
    expect(decidePaymentReport({ role: 'admin', adminId: null }, undefined)).toEqual({ kind: 'forbidden' });
  });
});
