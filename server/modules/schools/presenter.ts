import type { SchoolDetails, SchoolListItem } from '../../../shared/contracts/schools.js';
import type { AddRole } from '../../../shared/roles.js';
import type { SchoolRow, UserRow } from '../../db/schema/index.js';

export type SchoolWithOwner = { owner: UserRow; school: SchoolRow };
export type SchoolCounts = { teacherCount: number; studentCount: number; activeStudentCount: number };

/** A school is named by its owner's id: the schools row is keyed by it. */
export function presentSchoolItem({ owner, school }: SchoolWithOwner): SchoolListItem {
  return {
    _id: school.adminId,
    userId: owner.id,
    school_name: school.schoolName,
    first_name: owner.firstName,
    last_name: owner.lastName,
    username: owner.username,
    email: owner.email,
    working_phone: school.workingPhone,
    city: school.city,
    state: school.state,
    status: owner.status,
    role: 'admin',
    addrole: (owner.addrole as AddRole | null) ?? 'School',
    createdAt: school.createdAt.toISOString(),
    planLapsed: school.planLapsedAt !== null,
  };
}

export function presentSchoolDetails(row: SchoolWithOwner, counts: SchoolCounts): SchoolDetails {
  return {
    ...presentSchoolItem(row),
    address1: row.school.address1,
    postal_code: row.school.postalCode,
    country: row.school.country,
    ...counts,
  };
}
