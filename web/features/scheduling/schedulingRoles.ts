import type { SessionUser } from '../../../shared/contracts/auth';
import { isStaffOrProvider } from '../../../shared/roles';

/** The office (admin, sub-admin, and the superadmin): may override a room clash and grant a credit outside the rules. */
export function isOffice(user: Pick<SessionUser, 'role'>): boolean {
  return isStaffOrProvider(user.role);
}

/** A teacher, and an admin who is a private teacher, teach their own lessons only: the teacher is themself. */
export function teachesOwnOnly(user: Pick<SessionUser, 'role' | 'addrole'>): boolean {
  return user.role === 'teacher' || (user.role === 'admin' && user.addrole === 'Private teacher');
}
