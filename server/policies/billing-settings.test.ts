import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { mayEditBillingSettings, mayReadBillingSettings } from './billing-settings.js';

const SCHOOL = '11111111-1111-4111-8111-111111111111';

describe('billing settings', () => {
  const matrix: Record<Role, [read: boolean, edit: boolean]> = {
    superadmin: [false, false], admin: [true, true], subadmin: [true, false], teacher: [false, false], student: [false, false], parent: [false, false],
  };
  it.each(ROLES)('a %s reads and saves as the matrix says', (role) => {
    const actor = { role, adminId: role === 'superadmin' ? null : SCHOOL };
    expect([mayReadBillingSettings(actor), mayEditBillingSettings(actor)]).toEqual(matrix[role]);
  });
});
