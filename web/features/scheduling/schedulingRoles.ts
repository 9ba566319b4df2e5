import type { SessionUser } from '../../../shared/contracts/auth';

/** The office (admin, sub-admin, and the superadmin): may override a room clash and grant a credit outside the rules. */
export function isOffice(user: Pick<SessionUser, 'permissions'>): boolean {
  return user.permissions.overridesSchedule;
}

/** A teacher, and an admin who is a private teacher, teach their own lessons only: the teacher is themself. */
export function teachesOwnOnly(user: Pick<SessionUser, 'permissions'>): boolean {
  return user.permissions.teachesOwnOnly;
}
