import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { mayActForNotificationsOf, mayUseNotifications } from './notifications.js';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

describe('notifications policy', () => {
  it('gives every role with /notification its own bell, and nobody anyone else\'s', () => {
    expect(ROLES.map((role) => [role, mayUseNotifications({ role }), mayActForNotificationsOf({ id: ME, role }, ME), mayActForNotificationsOf({ id: ME, role }, OTHER)])).toEqual([
      ['superadmin', true, true, false],
      ['admin', true, true, false],
      ['subadmin', true, true, false],
      ['teacher', true, true, false],
      ['student', true, true, false],
      ['parent', true, true, false],
    ]);
    expect(mayUseNotifications({ role: 'nobody' as Role })).toBe(false);
  });
});
