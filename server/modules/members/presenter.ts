import type { UserRow } from '../../db/schema/index.js';
import type { MemberListItem, MemberProfile, PersonRole } from '../../../shared/contracts/members.js';
import type { MemberDetails } from './member-details.js';

/** The columns a list row shows (a list selects only these: decision 065). */
export type ListedUser = Pick<UserRow, 'id' | 'role' | 'firstName' | 'lastName' | 'username' | 'email' | 'cellPhone'
  | 'status' | 'passwordHash' | 'createdAt' | 'allowPayrollReport'>;

export function presentMember(u: ListedUser, details: MemberDetails = {}): MemberListItem {
  const role = u.role as PersonRole;
  return {
    _id: u.id,
    role,
    first_name: u.firstName,
    last_name: u.lastName,
    username: u.username,
    email: u.email,
    cellPhone: u.cellPhone,
    status: u.status,
    invitationPending: u.passwordHash === null,
    createdAt: u.createdAt.toISOString(),
    ...(role === 'subadmin' ? { allow_payroll_report: u.allowPayrollReport } : {}),
    ...details,
  };
}

export type ProfileExtras = {
  classGroups: { _id: string; name: string }[];
  families: { _id: string; name: string }[];
  canEdit: boolean;
  canEditInstruments: boolean;
};

export function presentProfile(u: UserRow, details: MemberDetails, extras: ProfileExtras): MemberProfile {
  return {
    ...presentMember(u, details),
    address1: u.address1,
    city: u.city,
    state: u.state,
    postal_code: u.postalCode,
    ...extras,
  };
}
