/** The six roles of docs/domains/roles-and-navigation.md "What it does". */
export const ROLES = ['superadmin', 'admin', 'subadmin', 'teacher', 'student', 'parent'] as const;
export type Role = (typeof ROLES)[number];

/** An admin runs either a school or a private-teacher practice (a school of one). */
export const ADDROLES = ['School', 'Private teacher'] as const;
export type AddRole = (typeof ADDROLES)[number];

export const STAFF_ROLES: readonly Role[] = ['superadmin', 'admin', 'subadmin'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Where a role lands after sign-in (docs/domains/roles-and-navigation.md "Screens and routes"). */
export function homePathFor(role: Role | undefined): string {
  return role === 'parent' ? '/member/children' : '/dashboard';
}
