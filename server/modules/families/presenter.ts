import type { FamilyItem } from '../../../shared/contracts/families.js';

export type FamilyRow = { id: string; adminId: string; name: string; createdAt: Date };
export type FamilyMemberRow = { familyId: string; id: string; role: string; firstName: string; lastName: string };

const person = (m: FamilyMemberRow) => ({ _id: m.id, first_name: m.firstName, last_name: m.lastName });

/** Members arrive sorted by name; a family's parents and children are told apart by role. */
export function presentFamily(row: FamilyRow, members: FamilyMemberRow[]): FamilyItem {
  const own = members.filter((m) => m.familyId === row.id);
  return {
    _id: row.id,
    name: row.name,
    parents: own.filter((m) => m.role === 'parent').map(person),
    children: own.filter((m) => m.role === 'student').map(person),
    createdAt: row.createdAt.toISOString(),
  };
}
