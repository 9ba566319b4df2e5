import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { mayManageRecurring } from './billing-recurring.js';

describe('mayManageRecurring', () => {
  const allowed: Record<Role, boolean> = { superadmin: false, admin: true, subadmin: true, teacher: false, student: false, parent: false };
  it.each(ROLES)('a %s: as the matrix says', (role) => {
    expect(mayManageRecurring({ role, adminId: role === 'superadmin' ? null : '11111111-1111-4111-8111-111111111111' })).toBe(allowed[role]);
  });
  it('nobody without a school', () => {
    expect(mayManageRecurring({ role: 'admin', adminId: null })).toBe(false);
  });
});
