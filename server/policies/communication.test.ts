import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { communicationLogScope, maySendGroupEmail } from './communication.js';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const actorOf = (role: Role) => ({ role, adminId: role === 'superadmin' ? null : SCHOOL });

describe('communication policy', () => {
  it('lets the office send group email, and gives each role its log (a school without an admin id has none)', () => {
    expect(communicationLogScope({ role: 'admin', adminId: null })).toBeNull();
    expect(maySendGroupEmail({ role: 'admin', adminId: null })).toBe(false);
    expect(ROLES.map((role) => [role, maySendGroupEmail(actorOf(role)), communicationLogScope(actorOf(role))])).toEqual([
      ['superadmin', false, null],
      ['admin', true, 'school'],
      ['subadmin', true, 'school'],
      ['teacher', false, 'teacher'],
      ['student', false, 'student'],
      ['parent', false, 'parent'],
    ]);
  });
});
