/** The six roles of docs/domains/roles-and-navigation.md "What it does". */
export const ROLES = ['superadmin', 'admin', 'subadmin', 'teacher', 'student', 'parent'] as const;
export type Role = (typeof ROLES)[number];

/** An admin runs either a school or a private-teacher practice (a school of one). */
export const ADDROLES = ['School', 'Private teacher'] as const;
export type AddRole = (typeof ADDROLES)[number];

/**
 * Staff, in its two meanings (decision 057): a school's staff (the office: admin and sub-admin),
 * and the same with the provider (the superadmin, who reads every school). Every "is staff"
 * asks one of these two; a check that also needs the person to belong to a school adds that.
 */
export const SCHOOL_STAFF_ROLES = ['admin', 'subadmin'] as const satisfies readonly Role[];
export const STAFF_OR_PROVIDER_ROLES = ['superadmin', ...SCHOOL_STAFF_ROLES] as const satisfies readonly Role[];

/** A school's staff: admin or sub-admin. */
export function isSchoolStaff(role: Role): boolean {
  return (SCHOOL_STAFF_ROLES as readonly Role[]).includes(role);
}

/** A school's staff or the provider (superadmin). */
export function isStaffOrProvider(role: Role): boolean {
  return (STAFF_OR_PROVIDER_ROLES as readonly Role[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Where a role lands after sign-in (docs/domains/roles-and-navigation.md "Screens and routes"). */
export function homePathFor(role: Role | undefined): string {
  return role === 'parent' ? '/member/children' : '/dashboard';
}

/** Roles that may act as someone at all: the login-as routes' contracts (shared/contracts/auth.ts) admit only them. */
export const ROLES_THAT_MAY_ACT: readonly Role[] = ['superadmin', 'admin', 'subadmin', 'teacher', 'parent'];
