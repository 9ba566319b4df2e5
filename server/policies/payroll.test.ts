import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { mayRunPayroll } from './payroll.js';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const actorOf = (role: Role, allowPayrollReport: boolean) => ({ role, adminId: role === 'superadmin' ? null : SCHOOL, user: { allowPayrollReport } });

describe('payroll policy', () => {
  it('lets the admin run payroll, a sub-admin only with allow_payroll_report, nobody else', () => {
    expect(ROLES.map((role) => [role, mayRunPayroll(actorOf(role, false)), mayRunPayroll(actorOf(role, true))])).toEqual([
      ['superadmin', false, false],
      ['admin', true, true],
      ['subadmin', false, true],
      ['teacher', false, false],
      ['student', false, false],
      ['parent', false, false],
    ]);
    expect(mayRunPayroll({ role: 'admin', adminId: null, user: { allowPayrollReport: true } })).toBe(false);
  });
});
