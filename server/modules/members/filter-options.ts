import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { classGroups, genres, users } from '../../db/schema/index.js';
import { forbidden } from '../../lib/http-errors.js';
import { memberReach, type Reach } from '../../policies/members.js';
import type { Actor } from '../../lib/actor.js';
import type { FilterOption, filterBody } from '../../../shared/contracts/members.js';
import type { z } from 'zod';
import { isPrivateTeacher } from './access.js';
import { likePattern, nameMatches } from '../../lib/name-search.js';
import { ownCondition } from './own-scope.js';

const LIMIT = 20;
type FilterType = z.output<typeof filterBody>['type'];

/** Seeing a kind in a picker takes listing it, or at least viewing (a teacher's students' parents). */
function pickerReach(actor: Actor, kind: 'teacher' | 'student' | 'parent' | 'class'): Reach {
  const reach = memberReach(actor, 'list', kind) ?? memberReach(actor, 'view', kind);
  if (!reach) throw forbidden();
  return reach;
}

async function people(tx: Tx, actor: Actor, role: 'teacher' | 'student' | 'parent', value: string, scope: SQL | undefined) {
  const rows = await tx.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users)
    .where(and(scope, value ? nameMatches(value) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)).limit(LIMIT);
  return rows.map((r) => ({ value: r.id, label: `${r.first} ${r.last}` }));
}

const inSchool = (actor: Actor, reach: Reach) => (reach === 'all' || !actor.adminId ? undefined : eq(users.adminId, actor.adminId));

/** The options of a list's filter picker, within what the caller may see, by name (20 at most). */
export async function filterOptions(tx: Tx, actor: Actor, type: FilterType, value: string): Promise<FilterOption[]> {
  if (type === 'genre') {
    const rows = await tx.select().from(genres).where(value ? ilike(genres.name, likePattern(value)) : undefined).orderBy(asc(genres.name)).limit(LIMIT);
    return rows.map((g) => ({ value: g.id, label: g.name }));
  }
  if (type === 'class') {
    const reach = pickerReach(actor, 'class');
    const rows = await tx.select({ id: classGroups.id, name: classGroups.name }).from(classGroups)
      .where(and(
        reach === 'own' ? eq(classGroups.teacherId, actor.id) : reach === 'school' ? eq(classGroups.adminId, actor.adminId!) : undefined,
        value ? ilike(classGroups.name, likePattern(value)) : undefined,
      )).orderBy(asc(classGroups.name)).limit(LIMIT);
    return rows.map((r) => ({ value: r.id, label: r.name }));
  }
  if (type === 'teacher') {
    // A private teacher, and a teacher, are the one teacher they may pick.
    if (isPrivateTeacher(actor) || actor.role === 'teacher') return people(tx, actor, 'teacher', value, eq(users.id, actor.id));
    const reach = pickerReach(actor, 'teacher');
    return people(tx, actor, 'teacher', value, and(eq(users.role, 'teacher'), inSchool(actor, reach)));
  }
  const reach = pickerReach(actor, type);
  return people(tx, actor, type, value, and(eq(users.role, type), inSchool(actor, reach), reach === 'own' ? ownCondition(actor, type) : undefined));
}
