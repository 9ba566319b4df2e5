import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { families, familyMembers, users } from '../../db/schema/index.js';
import { recordActivity } from '../activities/index.js';
import { fieldError, notFound } from '../../lib/http-errors.js';
import { enforce, requireReach } from '../../lib/member-actor.js';
import type { Actor } from '../../lib/actor.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { likePattern, nameMatches } from '../../lib/name-search.js';
import { decideMember, type MemberAction } from '../../policies/members.js';
import {
  FAMILY_MESSAGES, type familyForm, type familyListBody, type familyUpdateBody,
} from '../../../shared/contracts/families.js';
import { presentFamily, type FamilyRow } from './presenter.js';
import { setFamilyMembers, syncParentChildren, type Household } from './sync-parent-children.js';

type FamilyInput = z.output<typeof familyForm>;
type FamilyUpdate = z.output<typeof familyUpdateBody>;
type ListQuery = z.output<typeof familyListBody>;

const familyColumns = { id: families.id, adminId: families.adminId, name: families.name, createdAt: families.createdAt };

/** The parents and children of these families, by name. */
async function membersOf(tx: Tx, familyIds: string[]) {
  if (familyIds.length === 0) return [];
  return tx.select({ familyId: familyMembers.familyId, id: users.id, role: users.role, firstName: users.firstName, lastName: users.lastName })
    .from(familyMembers).innerJoin(users, eq(users.id, familyMembers.userId))
    .where(inArray(familyMembers.familyId, familyIds))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

function householdOf(members: { role: string; id: string }[]): Household {
  return {
    parentIds: members.filter((m) => m.role === 'parent').map((m) => m.id),
    childIds: members.filter((m) => m.role === 'student').map((m) => m.id),
  };
}

export async function listFamilies(tx: Tx, actor: Actor, q: ListQuery) {
  const reach = requireReach(actor, 'list', 'family');
  const memberNamed = (text: string) => sql`exists (
    select 1 from ${familyMembers} fm join ${users} on ${users.id} = fm.user_id
    where fm.family_id = ${families.id} and ${nameMatches(text)})`;
  const where = and(
    reach === 'all' ? undefined : eq(families.adminId, actor.adminId ?? ''),
    q.search ? or(ilike(families.name, likePattern(q.search)), memberNamed(q.search)) : undefined,
  );
  const direction = q.orderBy === -1 ? desc : asc;
  const sortColumn: SQL | typeof families.createdAt = q.sortBy === 'name' ? sql`lower(${families.name})` : families.createdAt;
  const rows = await tx.select({ ...familyColumns, total: totalRows }).from(families)
    .where(where).orderBy(direction(sortColumn), direction(families.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(families).where(where);
    return row?.count ?? 0;
  });
  const members = await membersOf(tx, rows.map((r) => r.id));
  return toListResult(rows.map((r) => presentFamily(r, members)), total, q);
}

async function findFamily(tx: Tx, actor: Actor, id: string, action: MemberAction): Promise<FamilyRow> {
  const [row] = await tx.select(familyColumns).from(families).where(eq(families.id, id)).limit(1);
  if (!row) throw notFound(FAMILY_MESSAGES.notFound);
  enforce(decideMember(actor, action, { kind: 'family', adminId: row.adminId, own: false }), FAMILY_MESSAGES.notFound);
  return row;
}

/** The people of a family are of its school: parents of role parent, children of role student. */
async function assertPeople(tx: Tx, schoolId: string, ids: string[], role: 'parent' | 'student', field: string, message: string) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users)
    .where(and(inArray(users.id, ids), eq(users.role, role), eq(users.adminId, schoolId)));
  if ((row?.n ?? 0) !== ids.length) throw fieldError(field, message);
}

async function assertHousehold(tx: Tx, schoolId: string, f: FamilyInput) {
  await assertPeople(tx, schoolId, f.parentIds, 'parent', 'parentIds', FAMILY_MESSAGES.parentsNotInSchool);
  await assertPeople(tx, schoolId, f.childIds, 'student', 'childIds', FAMILY_MESSAGES.childrenNotInSchool);
}

/** The school of a new family: the actor's, or for the superadmin the first parent's. */
async function schoolForNewFamily(tx: Tx, actor: Actor, parentId: string): Promise<string> {
  if (actor.adminId) return actor.adminId;
  const [row] = await tx.select({ adminId: users.adminId }).from(users).where(eq(users.id, parentId)).limit(1);
  if (!row?.adminId) throw fieldError('parentIds', FAMILY_MESSAGES.parentsNotInSchool);
  return row.adminId;
}

async function getFamilyItem(tx: Tx, row: FamilyRow) {
  return presentFamily(row, await membersOf(tx, [row.id]));
}

export async function addFamily(tx: Tx, actor: Actor, f: FamilyInput) {
  requireReach(actor, 'create', 'family');
  const schoolId = await schoolForNewFamily(tx, actor, f.parentIds[0]!);
  await assertHousehold(tx, schoolId, f);
  const [created] = await tx.insert(families).values({ adminId: schoolId, name: f.name }).returning(familyColumns);
  await setFamilyMembers(tx, schoolId, created!.id, [...f.parentIds, ...f.childIds]);
  await syncParentChildren(tx, schoolId, created!.id, { parentIds: [], childIds: [] }, f);
  await recordActivity(tx, { adminId: schoolId, actorId: actor.accountableId, ip: actor.ip, action: 'family.added', meta: { name: f.name, familyId: created!.id } });
  return getFamilyItem(tx, created!);
}

export async function updateFamily(tx: Tx, actor: Actor, f: FamilyUpdate) {
  const family = await findFamily(tx, actor, f.id, 'update');
  await assertHousehold(tx, family.adminId, f);
  const before = householdOf(await membersOf(tx, [family.id]));
  await tx.update(families).set({ name: f.name }).where(eq(families.id, family.id));
  await setFamilyMembers(tx, family.adminId, family.id, [...f.parentIds, ...f.childIds]);
  await syncParentChildren(tx, family.adminId, family.id, before, f);
  await recordActivity(tx, { adminId: family.adminId, actorId: actor.accountableId, ip: actor.ip, action: 'family.updated', meta: { name: f.name, familyId: family.id } });
  return getFamilyItem(tx, { ...family, name: f.name });
}

export async function removeFamily(tx: Tx, actor: Actor, id: string) {
  const family = await findFamily(tx, actor, id, 'delete');
  const before = householdOf(await membersOf(tx, [family.id]));
  await syncParentChildren(tx, family.adminId, family.id, before, { parentIds: [], childIds: [] });
  await tx.delete(families).where(eq(families.id, family.id));
  await recordActivity(tx, { adminId: family.adminId, actorId: actor.accountableId, ip: actor.ip, action: 'family.removed', meta: { name: family.name } });
}

export async function getFamily(tx: Tx, actor: Actor, id: string) {
  return getFamilyItem(tx, await findFamily(tx, actor, id, 'view'));
}
