import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound, forbidden } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { decideChat, type ChatPerson } from '../../policies/chat.js';
import { childrenOfParent, parentsOfStudents, studentsOfTeacher, teachersOfStudent, teachersOfStudents } from '../relations/index.js';
import type { Role } from '../../../shared/roles.js';
import { CHAT_MESSAGES } from '../../../shared/contracts/chat.js';

export type ChatActor = Pick<Actor, 'id' | 'role' | 'adminId'>;
export type Contact = ChatPerson & { firstName: string; lastName: string };

/** `u` is one of the teacher's students, or a parent of one. */
const taughtBy = (teacherId: string): SQL => sql`(u.role = 'student' and u.id in ${studentsOfTeacher(teacherId)})
  or (u.role = 'parent' and u.id in ${parentsOfStudents(studentsOfTeacher(teacherId))})`;

/** `u` is a teacher of one of the parent's children. */
const teacherOfChildOf = (parentId: string): SQL => sql`(u.role = 'teacher' and u.id in ${teachersOfStudents(childrenOfParent(parentId))})`;

/**
 * The people the actor may chat with, as a condition on `users u`: the SQL twin of
 * policies/chat.ts (its API test checks both agree). The tenant wall keeps other schools out too.
 * Who teaches whom is read from the relations module on every call (decision 081), so a parent
 * unlinked from a child drops out of that child's teacher's list, and the teacher out of theirs.
 */
function contactCondition(actor: ChatActor): SQL {
  const mine = sql`u.status and u.id <> ${actor.id}`;
  switch (actor.role) {
    case 'superadmin':
      return sql`${mine} and u.role = 'admin'`;
    case 'admin':
    case 'subadmin':
      return sql`${mine} and u.admin_id = ${actor.adminId} and u.role in ('admin', 'subadmin', 'teacher', 'student', 'parent')`;
    case 'teacher':
      return sql`${mine} and u.admin_id = ${actor.adminId}
        and (u.role in ('admin', 'subadmin') or ${taughtBy(actor.id)})`;
    case 'student':
      return sql`${mine} and u.admin_id = ${actor.adminId}
        and (u.role in ('admin', 'subadmin') or (u.role = 'teacher' and u.id in ${teachersOfStudent(actor.id)}))`;
    case 'parent':
      return sql`${mine} and u.admin_id = ${actor.adminId}
        and (u.role in ('admin', 'subadmin') or ${teacherOfChildOf(actor.id)})`;
    default:
      return sql`false`;
  }
}

/** The contacts as a subquery (id, first_name, last_name, role); a school's admin also reaches the provider. */
export function contactsOf(actor: ChatActor, search?: string): SQL {
  const named = search ? sql` and (u.first_name || ' ' || u.last_name) ilike ${likePattern(search)}` : sql``;
  const school = sql`select u.id, u.first_name, u.last_name, u.role from users u where ${contactCondition(actor)}${named}`;
  if (actor.role !== 'admin') return sql`(${school})`;
  const provider = search ? sql` where (s.first_name || ' ' || s.last_name) ilike ${likePattern(search)}` : sql``;
  return sql`(${school} union all select s.id, s.first_name, s.last_name, 'superadmin' from app_chat_superadmins() s${provider})`;
}

/** The ids of every contact (presence events go to them). */
export async function contactIdsOf(tx: Tx, actor: ChatActor): Promise<string[]> {
  const { rows } = await tx.execute(sql`select c.id from ${contactsOf(actor)} c`);
  return rows.map((r) => String(r.id));
}

/** Whether the one of the pair who is a teacher teaches the other (policies/chat.ts `teaches`), `u` the other. */
function teachesCondition(actor: ChatActor): SQL {
  switch (actor.role) {
    case 'teacher':
      return taughtBy(actor.id);
    case 'student':
      return sql`u.role = 'teacher' and ${actor.id}::uuid in ${studentsOfTeacher(sql`u.id`)}`;
    case 'parent':
      return teacherOfChildOf(actor.id);
    default:
      return sql`false`;
  }
}

/**
 * The one read of the send path: the person the actor writes to (a live user, or the provider for a
 * school's admin) and whether the teacher of the two teaches the other (their student, or a child
 * of the parent), by the relations module's own definition (decision 051: one round trip where
 * there were two). The bench's bare server runs this same statement.
 */
export function chatPartnerStatement(actor: ChatActor, userId: string): SQL {
  const own = teachesCondition(actor);
  return sql`select u.id, u.role, u.admin_id, u.first_name, u.last_name, (${own}) as own from users u where u.id = ${userId} and u.status
    union all select s.id, 'superadmin', null, s.first_name, s.last_name, false from app_chat_superadmins() s where s.id = ${userId} and ${actor.role === 'admin'}`;
}

/**
 * The person the actor writes to or reads with, checked by the policy: 404 when they are not to
 * be seen (another school, unknown), 403 when seen but not a chat partner (a stranger, another parent).
 */
export async function findChatPartner(tx: Tx, actor: ChatActor, userId: string): Promise<Contact> {
  const { rows } = await tx.execute(chatPartnerStatement(actor, userId));
  const row = rows[0];
  if (!row) throw notFound(CHAT_MESSAGES.unknownPerson);
  const other: Contact = {
    id: String(row.id), role: row.role as Role, adminId: row.admin_id ? String(row.admin_id) : null, firstName: String(row.first_name), lastName: String(row.last_name),
  };
  const decision = decideChat(actor, other, { teaches: row.own === true });
  if (decision === 'not-found') throw notFound(CHAT_MESSAGES.unknownPerson);
  if (decision === 'forbidden') throw forbidden(CHAT_MESSAGES.notAllowed);
  return other;
}
