import { describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/roles.js';
import { memberReachOf } from './member-reach.js';

describe('memberReachOf', () => {
  it('gives staff the school, a teacher theirs, a student their own, a parent their children, the provider none', () => {
    expect(ROLES.map((role) => [role, memberReachOf(role)])).toEqual([
      ['superadmin', null], ['admin', 'school'], ['subadmin', 'school'], ['teacher', 'teacher'], ['student', 'student'], ['parent', 'parent'],
    ]);
  });
});
