import { describe, expect, it } from 'vitest';
import { decideMerchant } from './merchant.js';
import type { Role } from '../../shared/roles.js';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('decideMerchant', () => {
  it('lets the superadmin act on the school they name, and asks them to name one', () => {
    expect(decideMerchant({ role: 'superadmin', adminId: null }, OTHER)).toEqual({ kind: 'allow', adminId: OTHER });
    expect(decideMerchant({ role: 'superadmin', adminId: null }, undefined)).toEqual({ kind: 'school-required' });
  });

  it("lets an admin act on their own school only; another school's is not found", () => {
    const admin = { role: 'admin' as Role, adminId: SCHOOL };
    expect(decideMerchant(admin, undefined)).toEqual({ kind: 'allow', adminId: SCHOOL });
    expect(decideMerchant(admin, SCHOOL)).toEqual({ kind: 'allow', adminId: SCHOOL });
    expect(decideMerchant(admin, OTHER)).toEqual({ kind: 'not-found' });
  });

  it.each<Role>(['subadmin', 'teacher', 'student', 'parent'])('forbids a %s, whatever school they name', (role) => {
    expect(decideMerchant({ role, adminId: SCHOOL }, undefined)).toEqual({ kind: 'forbidden' });
    expect(decideMerchant({ role, adminId: SCHOOL }, SCHOOL)).toEqual({ kind: 'forbidden' });
    expect(decideMerchant({ role, adminId: SCHOOL }, OTHER)).toEqual({ kind: 'forbidden' });
  });
});
