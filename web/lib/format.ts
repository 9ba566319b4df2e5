import type { Role } from '../../shared/roles';

type Named = { first_name: string; last_name: string };

export function fullName(person: Named): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  subadmin: 'Sub Admin',
  teacher: 'Teacher',
  student: 'Student',
  parent: 'Parent',
};

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

/** "beginner" -> "Beginner" for badges and headings. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
