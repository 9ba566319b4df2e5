import type { Role } from '../../shared/roles.js';

/**
 * Whose records a school's member reads, the one rule behind the calendar's lessons, the
 * communication log and the student report: staff the whole school, a teacher their students
 * (the relations module says who they are), a student their own, a parent their children's.
 * Anyone else (the superadmin) has no school reach.
 */
export type MemberReach = 'school' | 'teacher' | 'student' | 'parent';

export function memberReachOf(role: Role): MemberReach | null {
  switch (role) {
    case 'admin':
    case 'subadmin':
      return 'school';
    case 'teacher':
      return 'teacher';
    case 'student':
      return 'student';
    case 'parent':
      return 'parent';
    default:
      return null;
  }
}
