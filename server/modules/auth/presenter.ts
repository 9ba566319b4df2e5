import type { SessionUser } from '../../../shared/contracts/auth.js';
import type { AddRole, Role } from '../../../shared/roles.js';
import { permissionsOf } from '../../../shared/permissions.js';
import type { UserWithSchool } from '../../lib/user-with-school.js';

/** `realUser`: in login-as, the person who signed in (their role narrows what the session may do, decision 069). */
export function presentSessionUser(u: UserWithSchool, realUser: Pick<UserWithSchool, 'role'> | null = null): SessionUser {
  const role = u.role as Role;
  const addrole = (u.addrole as AddRole | null) ?? null;
  return {
    _id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role as Role,
    addrole: (u.addrole as AddRole | null) ?? null,
    adminId: u.adminId,
    school_name: u.schoolName,
    showStore: u.showStore,
    allow_payroll_report: u.allowPayrollReport,
    emailVerified: u.emailVerifiedAt !== null,
    permissions: permissionsOf({ role, addrole, showStore: u.showStore, allowPayrollReport: u.allowPayrollReport, realRole: (realUser?.role as Role | undefined) ?? null }),
  };
}
