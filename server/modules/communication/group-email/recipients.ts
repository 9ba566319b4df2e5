import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { notFound } from '../../../lib/http-errors.js';
import type { Audience } from '../../../../shared/contracts/communication.js';
import { studentsInGroups, studentsOfTeacher } from '../../relations/index.js';

export type Recipient = { id: string; email: string; firstName: string; lastName: string };
export type Recipients = { recipients: Recipient[]; unsubscribed: number };

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** Every id the audience names must be of the school (and of the right kind): another school's is 404. */
async function checkNamed(tx: Tx, adminId: string, a: Audience): Promise<void> {
  const count = async (query: SQL) => Number((await tx.execute(query)).rows[0]?.n ?? 0);
  const distinct = (ids: string[]) => new Set(ids).size;
  if (a.classGroupIds.length > 0
    && await count(sql`select count(*)::int as n from class_groups where admin_id = ${adminId} and id in (${idList(a.classGroupIds)})`) !== distinct(a.classGroupIds)) {
    throw notFound('Class/Group not found');
  }
  if (a.teacherIds.length > 0
    && await count(sql`select count(*)::int as n from users where admin_id = ${adminId} and role = 'teacher' and id in (${idList(a.teacherIds)})`) !== distinct(a.teacherIds)) {
    throw notFound('Teacher not found');
  }
  if (a.userIds.length > 0
    && await count(sql`select count(*)::int as n from users where admin_id = ${adminId} and id in (${idList(a.userIds)})`) !== distinct(a.userIds)) {
    throw notFound('Member not found');
  }
}

/**
 * Whom a group email reaches: the people of the groups (active ones only, unless told) and the
 * people named, each once, with an email address. Those who unsubscribed from this school's group
 * email are left out and counted. One query, whatever the size of the school.
 */
export async function resolveRecipients(tx: Tx, adminId: string, a: Audience): Promise<Recipients> {
  await checkNamed(tx, adminId, a);
  const inGroups: SQL[] = [];
  if (a.allStudents) inGroups.push(sql`u.role = 'student'`);
  if (a.allParents) inGroups.push(sql`u.role = 'parent'`);
  if (a.allTeachers) inGroups.push(sql`u.role = 'teacher'`);
  if (a.classGroupIds.length > 0) inGroups.push(sql`u.id in ${studentsInGroups(sql`(${idList(a.classGroupIds)})`)}`);
  if (a.instrumentIds.length > 0) {
    inGroups.push(sql`u.id in (select student_id from student_genres where admin_id = ${adminId} and genre_id in (${idList(a.instrumentIds)}))`);
  }
  for (const teacherId of new Set(a.teacherIds)) inGroups.push(sql`u.id in ${studentsOfTeacher(teacherId)}`);
  const chosen: SQL[] = [];
  if (inGroups.length > 0) {
    chosen.push(sql`(${sql.join(inGroups, sql` or `)})${a.activeOnly ? sql` and u.status` : sql``}`);
  }
  if (a.userIds.length > 0) chosen.push(sql`u.id in (${idList(a.userIds)})`);
  if (chosen.length === 0) return { recipients: [], unsubscribed: 0 };

  const { rows } = await tx.execute(sql`
    select u.id, u.email, u.first_name, u.last_name, (x.user_id is not null) as unsubscribed
    from users u left join email_unsubscribes x on x.admin_id = ${adminId} and x.user_id = u.id
    where u.admin_id = ${adminId} and u.role <> 'superadmin' and coalesce(u.email, '') <> ''
      and (${sql.join(chosen, sql` or `)})
    order by u.last_name, u.first_name, u.id`);
  const recipients: Recipient[] = [];
  let unsubscribed = 0;
  for (const r of rows) {
    if (r.unsubscribed === true) unsubscribed += 1;
    else recipients.push({ id: String(r.id), email: String(r.email), firstName: String(r.first_name), lastName: String(r.last_name) });
  }
  return { recipients, unsubscribed };
}
