import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { PersonRole } from '../../../shared/contracts/members.js';
import { ownStudentsOf, parentsOfStudents } from '../relations/index.js';

/**
 * A condition on users.id: the person of this role is one of the actor's own records (the
 * teacher's student or that student's parent, the parent's child, the student themselves), as
 * the relations module defines them (decision 016).
 */
export function ownCondition(actor: Actor, role: PersonRole): SQL {
  const own = actor.role === 'teacher' || actor.role === 'parent' || actor.role === 'student';
  if (own && role === 'student') return sql`${users.id} in ${ownStudentsOf(actor)}`;
  if (actor.role === 'teacher' && role === 'parent') return sql`${users.id} in ${parentsOfStudents(ownStudentsOf(actor))}`;
  return sql`false`;
}
