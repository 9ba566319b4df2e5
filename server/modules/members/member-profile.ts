import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { classGroups, families, familyMembers, type UserRow } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import type { Actor } from '../../lib/actor.js';
import { MEMBER_MESSAGES, type PersonRole } from '../../../shared/contracts/members.js';
import { authorizeMember, decideOn, findPerson } from './member-targets.js';
import { loadDetails } from './member-details.js';
import { presentProfile } from './presenter.js';
import { groupsOfStudent } from '../relations/index.js';

/** The groups a student is in, or a teacher leads. */
async function groupsOf(tx: Tx, person: UserRow) {
  const rows = person.role === 'teacher'
    ? await tx.select({ id: classGroups.id, name: classGroups.name }).from(classGroups)
      .where(eq(classGroups.teacherId, person.id)).orderBy(asc(classGroups.name))
    : await tx.select({ id: classGroups.id, name: classGroups.name }).from(classGroups)
      .where(sql`${classGroups.id} in ${groupsOfStudent(person.id)}`).orderBy(asc(classGroups.name));
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

async function familiesOf(tx: Tx, personId: string) {
  const rows = await tx.select({ id: families.id, name: families.name }).from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(eq(familyMembers.userId, personId)).orderBy(asc(families.name));
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

async function profileOf(tx: Tx, actor: Actor, person: UserRow) {
  const role = person.role as PersonRole;
  const details = (await loadDetails(tx, role, [person.id], actor)).get(person.id) ?? {};
  const canEdit = (await decideOn(tx, actor, 'update', person)) === 'allow';
  const canEditInstruments = role === 'student' && (await decideOn(tx, actor, 'updateInstruments', person)) === 'allow';
  return presentProfile(person, details, {
    classGroups: await groupsOf(tx, person), families: await familiesOf(tx, person.id), canEdit, canEditInstruments,
  });
}

/** GET /member/{kind}/view/{id}: a person of that list. */
export async function viewMember(tx: Tx, actor: Actor, role: PersonRole, id: string) {
  return profileOf(tx, actor, await authorizeMember(tx, actor, 'view', role, id));
}

/**
 * GET /member/profile/{id}: anyone of the four person roles the caller may view, and the caller
 * themselves whatever their grants (a parent's own profile).
 */
export async function memberProfile(tx: Tx, actor: Actor, id: string) {
  const person = await findPerson(tx, id);
  if (!person) throw notFound(MEMBER_MESSAGES.notFound);
  if (person.id !== actor.id) {
    const decision = await decideOn(tx, actor, 'view', person);
    if (decision === 'not-found') throw notFound(MEMBER_MESSAGES.notFound);
    if (decision === 'forbidden') throw forbidden();
  }
  return profileOf(tx, actor, person);
}
