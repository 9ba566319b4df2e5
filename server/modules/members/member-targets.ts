import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { decideMember, memberReach, type MemberAction } from '../../policies/members.js';
import type { Actor } from '../../lib/actor.js';
import { MEMBER_MESSAGES, type PersonRole } from '../../../shared/contracts/members.js';
import { ownCondition } from './own-scope.js';

const PERSON_ROLES: PersonRole[] = ['subadmin', 'teacher', 'student', 'parent'];

/** A person of one of these roles, as far as row-level security lets the actor's school see. */
export async function findPerson(tx: Tx, id: string, roles: PersonRole[] = PERSON_ROLES): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(and(eq(users.id, id), inArray(users.role, roles))).limit(1);
  return row ?? null;
}

export async function isOwn(tx: Tx, actor: Actor, person: UserRow): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.id, person.id), ownCondition(actor, person.role as PersonRole))).limit(1);
  return Boolean(row);
}

/** The policy's decision on one person: another school's person (or none) is 404, a forbidden one 403. */
export async function decideOn(tx: Tx, actor: Actor, action: MemberAction, person: UserRow) {
  const kind = person.role as PersonRole;
  // Whether the record is the actor's own only matters when that is how far they reach.
  const own = memberReach(actor, action, kind) === 'own' && (await isOwn(tx, actor, person));
  return decideMember(actor, action, { kind, adminId: person.adminId ?? '', own });
}

/** Loads a person of this role and checks the actor may take this action on them. */
export async function authorizeMember(tx: Tx, actor: Actor, action: MemberAction, role: PersonRole, id: string): Promise<UserRow> {
  const person = await findPerson(tx, id, [role]);
  if (!person) throw notFound(MEMBER_MESSAGES.notFound);
  const decision = await decideOn(tx, actor, action, person);
  if (decision === 'not-found') throw notFound(MEMBER_MESSAGES.notFound);
  if (decision === 'forbidden') throw forbidden();
  return person;
}
