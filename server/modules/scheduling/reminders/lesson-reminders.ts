import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessonReminders } from '../../../db/schema/index.js';
import { queueEmails, type QueuedEmail } from '../../../services/email/queue-email.js';
import { lessonReminderEmail } from './reminder-emails.js';
import { attendeesOf, parentsOfStudent } from '../../relations/index.js';
import { schoolZoneOfAlias } from '../../../lib/school-clock.js';
import { familyLessonPath } from '../../../../shared/lesson-links.js';
import { inZone } from '../../../../shared/school-clock.js';

/** One sweep reminds at most this many lessons; reminded lessons drop out, so the next sweep takes the rest. */
const LESSONS_PER_SWEEP = 2000;
const INSERT_CHUNK = 5000;
export const DEFAULT_REMINDER_HOURS = 24;

type DueLesson = {
  lesson_id: string; admin_id: string; starts_at: Date | string; lesson_type: string; room_name: string | null;
  teacher_first: string | null; teacher_last: string | null; time_zone: string; school_name: string;
};
type Recipient = { lesson_id: string; user_id: string; email: string; first_name: string; is_student: boolean; student_names: string };

/**
 * Emails each student of a lesson about to start (within the school's reminder_hours), and their
 * parents, when their reminders are on. Exactly once a person a lesson: the reminder row and the
 * queued email are written in one transaction, and only for the rows this run inserted, so two
 * sweeps at once (two app nodes) cannot both send. Answers how many emails were queued.
 */
export async function sendLessonReminders(tx: Tx, appUrl: string, now = new Date()): Promise<number> {
  // Per school (lateral), so each school's window reads its (admin_id, starts_at) index.
  const due = (await tx.execute(sql`
    select l.id as lesson_id, l.admin_id, l.starts_at, lt.name as lesson_type, r.room_name,
           t.first_name as teacher_first, t.last_name as teacher_last, ${schoolZoneOfAlias('s')} as time_zone, s.school_name
    from schools s
    left join scheduling_settings ss on ss.admin_id = s.admin_id
    cross join lateral (
      select * from lessons x
      where x.admin_id = s.admin_id and x.status = 'scheduled' and x.starts_at > ${now}
        and x.starts_at <= ${now}::timestamptz + make_interval(hours => coalesce(ss.reminder_hours, ${DEFAULT_REMINDER_HOURS}))
        and not exists (select 1 from lesson_reminders lr where lr.lesson_id = x.id)
    ) l
    join lesson_types lt on lt.id = l.lesson_type_id
    left join rooms r on r.id = l.room_id
    left join users t on t.id = l.teacher_id
    where s.deleted_at is null
    order by l.starts_at
    limit ${LESSONS_PER_SWEEP}`)).rows as DueLesson[];
  if (due.length === 0) return 0;
  const recipients = await recipientsOf(tx, due.map((d) => d.lesson_id));
  const lessonsById = new Map(due.map((d) => [d.lesson_id, d]));
  const emails: QueuedEmail[] = [];
  for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
    const chunk = recipients.slice(i, i + INSERT_CHUNK);
    const inserted = await tx.insert(lessonReminders)
      .values(chunk.map((r) => ({ adminId: lessonsById.get(r.lesson_id)!.admin_id, lessonId: r.lesson_id, userId: r.user_id })))
      .onConflictDoNothing()
      .returning({ lessonId: lessonReminders.lessonId, userId: lessonReminders.userId });
    const fresh = new Set(inserted.map((r) => `${r.lessonId}:${r.userId}`));
    for (const r of chunk) {
      if (!fresh.has(`${r.lesson_id}:${r.user_id}`)) continue;
      const lesson = lessonsById.get(r.lesson_id)!;
      const teacherName = lesson.teacher_first ? `${lesson.teacher_first} ${lesson.teacher_last ?? ''}`.trim() : null;
      const startsAt = new Date(lesson.starts_at);
      // The student's own calendar, a parent's of the children (decision 082), open on this lesson.
      const link = familyLessonPath(r.is_student, { date: inZone(startsAt, lesson.time_zone).toISODate(), lessonId: lesson.lesson_id });
      emails.push({
        kind: 'lesson-reminder', adminId: lesson.admin_id, userId: r.user_id, to: r.email,
        ...lessonReminderEmail({
          firstName: r.first_name, studentNames: r.student_names, forOneself: r.is_student, lessonType: lesson.lesson_type,
          startsAt, timeZone: lesson.time_zone, roomName: lesson.room_name, teacherName,
          schoolName: lesson.school_name, calendarUrl: `${appUrl}${link}`,
        }),
      });
    }
  }
  await queueEmails(tx, emails);
  return emails.length;
}

/**
 * Who hears of each lesson: its students (a private lesson's own, a group's members) and their
 * parents, active, with reminders on and an email, and not reminded yet.
 */
async function recipientsOf(tx: Tx, lessonIds: string[]): Promise<Recipient[]> {
  const ids = sql.join(lessonIds.map((id) => sql`${id}::uuid`), sql`, `);
  return (await tx.execute(sql`
    with attendees as (
      select l.id as lesson_id, a.student_id from lessons l
      cross join lateral ${attendeesOf({ id: sql`l.id`, classGroupId: sql`l.class_group_id` })} a(student_id)
      where l.id in (${ids})
    ), live as (
      select a.lesson_id, a.student_id, s.first_name from attendees a join users s on s.id = a.student_id and s.status
    ), people as (
      select lesson_id, student_id as user_id, first_name as student_name, true as is_student from live
      union all
      select v.lesson_id, pc.parent_id, v.first_name, false from live v cross join lateral ${parentsOfStudent(sql`v.student_id`)} pc(parent_id)
    )
    select p.lesson_id, p.user_id, u.email, u.first_name, bool_or(p.is_student) as is_student,
           string_agg(distinct p.student_name, ' and ') as student_names
    from people p
    join users u on u.id = p.user_id and u.status and u.notifications_on and coalesce(u.email, '') <> ''
    where not exists (select 1 from lesson_reminders lr where lr.lesson_id = p.lesson_id and lr.user_id = p.user_id)
    group by p.lesson_id, p.user_id, u.email, u.first_name
    order by p.lesson_id, p.user_id`)).rows as Recipient[];
}
