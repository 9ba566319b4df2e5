import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { queueEmails, type QueuedEmail } from '../../../services/email/queue-email.js';
import { parentsOfStudent } from '../../relations/index.js';
import { creditReminderEmail } from './reminder-emails.js';
import { schoolZoneOfAlias } from '../../../lib/school-clock.js';
import { familyLessonPath } from '../../../../shared/lesson-links.js';

export const DEFAULT_BANKED_DUE_HOURS = 72;
const CREDITS_PER_SWEEP = 2000;

type Claimed = { credit_id: string };
type Recipient = {
  credit_id: string; admin_id: string; user_id: string; email: string; first_name: string; is_student: boolean;
  student_name: string; expires_at: Date | string; lesson_type: string; time_zone: string; school_name: string;
};

/**
 * Reminds the family once of each available credit that becomes banked-due (expires within the
 * school's banked_due_hours and has not expired). The claim is an UPDATE of reminded_at where it
 * is still null: of two sweeps at once, only one gets the row back.
 */
export async function sendCreditReminders(tx: Tx, appUrl: string, now = new Date()): Promise<number> {
  const claimed = (await tx.execute(sql`
    update makeup_credits c set reminded_at = ${now}
    where c.id in (
      select c2.id from makeup_credits c2
      left join scheduling_settings ss on ss.admin_id = c2.admin_id
      where c2.status = 'available' and c2.reminded_at is null and c2.expires_at > ${now}
        and c2.expires_at <= ${now}::timestamptz + make_interval(hours => coalesce(ss.banked_due_hours, ${DEFAULT_BANKED_DUE_HOURS}))
      limit ${CREDITS_PER_SWEEP}
    ) and c.reminded_at is null
    returning c.id as credit_id`)).rows as Claimed[];
  if (claimed.length === 0) return 0;
  const ids = sql.join(claimed.map((c) => sql`${c.credit_id}::uuid`), sql`, `);
  const recipients = (await tx.execute(sql`
    with people as (
      select c.id as credit_id, c.student_id as user_id, true as is_student, c.student_id from makeup_credits c where c.id in (${ids})
      union all
      select c.id, pc.parent_id, false, c.student_id from makeup_credits c cross join lateral ${parentsOfStudent(sql`c.student_id`)} pc(parent_id) where c.id in (${ids})
    )
    select p.credit_id, c.admin_id, p.user_id, u.email, u.first_name, p.is_student, st.first_name as student_name,
           c.expires_at, lt.name as lesson_type, ${schoolZoneOfAlias('s')} as time_zone, s.school_name
    from people p
    join makeup_credits c on c.id = p.credit_id
    join users st on st.id = p.student_id and st.status
    join users u on u.id = p.user_id and u.status and u.notifications_on and coalesce(u.email, '') <> ''
    join lessons l on l.id = c.lesson_id
    join lesson_types lt on lt.id = l.lesson_type_id
    join schools s on s.admin_id = c.admin_id
    order by p.credit_id, p.user_id`)).rows as Recipient[];
  const emails: QueuedEmail[] = recipients.map((r) => ({
    kind: 'credit-reminder', adminId: r.admin_id, userId: r.user_id, to: r.email,
    ...creditReminderEmail({
      firstName: r.first_name, studentName: r.student_name, forOneself: r.is_student, lessonType: r.lesson_type,
      expiresAt: new Date(r.expires_at), timeZone: r.time_zone, schoolName: r.school_name,
      // A parent books the make-up from the children's calendar (decision 082), a student from their own.
      calendarUrl: `${appUrl}${familyLessonPath(r.is_student)}`,
    }),
  }));
  await queueEmails(tx, emails);
  return emails.length;
}
