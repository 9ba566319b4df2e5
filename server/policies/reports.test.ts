import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { studentReportReach } from './reports.js';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const actorOf = (role: Role) => ({ role, adminId: role === 'superadmin' ? null : SCHOOL });

describe('reports policy', () => {
  it('gives each role its reach of the student report', () => {
    expect(studentReportReach({ role: 'admin', adminId: null })).toBeNull();
    expect(studentReportReach({ role: 'superadmin', adminId: SCHOOL })).toBeNull();
    expect(ROLES.map((role) => [role, studentReportReach(actorOf(role))])).toEqual([
      ['superadmin', null],
      ['admin', 'school'],
      ['subadmin', 'school'],
      ['teacher', 'teacher'],
      ['student', 'student'],
      ['parent', 'parent'],
    ]);
  });
});
