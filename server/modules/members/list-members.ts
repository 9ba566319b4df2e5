import { and, asc, desc, eq, ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { studentGenres, teacherGenres, users } from '../../db/schema/index.js';
import { likePattern, nameMatches } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import type { Reach } from '../../policies/members.js';
import type { Actor } from '../../lib/actor.js';
import type { memberListBody, PersonRole } from '../../../shared/contracts/members.js';
import { loadDetails } from './member-details.js';
import { ownCondition } from './own-scope.js';
import { parentsOfStudents, studentsOfTeacher } from '../relations/index.js';
import { presentMember } from './presenter.js';

type ListQuery = z.output<typeof memberListBody>;
export type MemberFilters = Pick<ListQuery, 'search' | 'status' | 'genreId' | 'teacherId' | 'sortBy' | 'orderBy'>;

function genreCondition(role: PersonRole, genreId: string): SQL | undefined {
  if (role === 'student') return sql`${users.id} in (select ${studentGenres.studentId} from ${studentGenres} where ${studentGenres.genreId} = ${genreId})`;
  if (role === 'teacher') return sql`${users.id} in (select ${teacherGenres.teacherId} from ${teacherGenres} where ${teacherGenres.genreId} = ${genreId})`;
  return undefined;
}

function teacherCondition(role: PersonRole, teacherId: string): SQL | undefined {
  if (role === 'student') return sql`${users.id} in ${studentsOfTeacher(teacherId)}`;
  if (role === 'parent') {
    return sql`${users.id} in ${parentsOfStudents(studentsOfTeacher(teacherId))}`;
  }
  return undefined;
}

/**
 * The rows a list (and its export) covers: `base` follows the search and the instrument and
 * teacher filters (the Active/Inactive counts use it), `where` adds the status. `school` is the
 * school's id, or the placeholder a prepared list fills with it.
 */
export function memberConditions(actor: Actor, role: PersonRole, reach: Reach, q: MemberFilters, school: string | Placeholder = actor.adminId ?? '') {
  const base: (SQL | undefined)[] = [eq(users.role, role)];
  // Row-level security already binds the school; saying it again keeps the query honest on its own.
  if (reach !== 'all' && actor.adminId) base.push(eq(users.adminId, school));
  if (reach === 'own') base.push(ownCondition(actor, role));
  if (q.search) {
    const like = likePattern(q.search);
    base.push(or(nameMatches(q.search), ilike(users.username, like), ilike(users.email, like)));
  }
  if (q.genreId) base.push(genreCondition(role, q.genreId));
  if (q.teacherId) base.push(teacherCondition(role, q.teacherId));
  const where = q.status ? and(...base, eq(users.status, q.status === 'active')) : and(...base);
  return { base: and(...base), where };
}

export function memberOrder(q: Pick<MemberFilters, 'sortBy' | 'orderBy'>) {
  const direction = q.orderBy === -1 ? desc : asc;
  const column = q.sortBy === 'first_name' ? sql`lower(${users.firstName})` : q.sortBy === 'last_name' ? sql`lower(${users.lastName})` : users.createdAt;
  return [direction(column), direction(users.id)];
}

/**
 * What presentMember reads, and no more: the page query carried all of a person's columns (the
 * address, the hash's neighbours) only to drop them in the presenter (decision 065).
 */
export const listedColumns = {
  id: users.id, role: users.role, firstName: users.firstName, lastName: users.lastName, username: users.username,
  email: users.email, cellPhone: users.cellPhone, status: users.status, passwordHash: users.passwordHash,
  createdAt: users.createdAt, allowPayrollReport: users.allowPayrollReport,
};

/**
 * The names of a list's prepared statements (decision 065), or null when a search, a filter or
 * the actor's own records shape the query by their values: the plain lists (the page as it
 * opens, its status tabs and sorts) are what people load most, and few enough to prepare each.
 * A name spells out everything its statement's text depends on; the counts ignore the status.
 */
function preparedNames(actor: Actor, role: PersonRole, reach: Reach, q: ListQuery): { page: string; counts: string } | null {
  if (reach === 'own' || q.search || q.genreId || q.teacherId) return null;
  const scope = `${role}_${reach !== 'all' && actor.adminId ? 'school' : 'all'}`;
  return { page: `members_page_${scope}_${q.status ?? 'any'}_${q.sortBy}_${q.orderBy === -1 ? 'desc' : 'asc'}`, counts: `members_counts_${scope}` };
}

export async function listMembers(tx: Tx, actor: Actor, role: PersonRole, reach: Reach, q: ListQuery) {
  // Built only when a statement is (a prepared list's are built once per connection: decision 065).
  let built: ReturnType<typeof memberConditions> | undefined;
  const conditions = () => (built ??= memberConditions(actor, role, reach, q, sql.placeholder('school')));
  const values = { school: actor.adminId, limit: q.limit, offset: offsetOf(q) };
  const page = () => tx.select({ user: listedColumns, total: totalRows }).from(users).where(conditions().where)
    .orderBy(...memberOrder(q)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  const counts = () => tx.select({
    activeCount: sql<number>`count(*) filter (where ${users.status})::int`,
    inactiveCount: sql<number>`count(*) filter (where not ${users.status})::int`,
  }).from(users).where(conditions().base);
  const named = preparedNames(actor, role, reach, q);
  const rows = await (named ? tx.prepared(named.page, (name) => page().prepare(name)) : page()).execute(values);
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(users).where(conditions().where).execute(values);
    return row?.count ?? 0;
  });
  const [count] = await (named ? tx.prepared(named.counts, (name) => counts().prepare(name)) : counts()).execute(values);
  const details = await loadDetails(tx, role, rows.map((r) => r.user.id), actor);
  return toListResult(rows.map((r) => presentMember(r.user, details.get(r.user.id))), total, q, {
    activeCount: count?.activeCount ?? 0, inactiveCount: count?.inactiveCount ?? 0,
  });
}
