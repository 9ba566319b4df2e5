import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { attendeesOf } from '../../relations/index.js';

/** The first sweeps run within minutes of the seed: lessons this close are counted as reminded too. */
const FIRST_SWEEPS_MARGIN_HOURS = 1;

/**
 * A fresh demo is a term already under way: the lessons of the next day would be "due" at the
 * first reminder sweep and fill the console with emails at boot. Families of a real school would
 * have had those reminders already, so the demo records them as sent; later lessons are reminded
 * as the sweep reaches them, one by one. A lesson with any reminder row drops out of the sweep.
 */
export async function markImminentLessonsReminded(tx: Tx, adminId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into lesson_reminders (admin_id, lesson_id, user_id)
    select l.admin_id, l.id, a.student_id
    from lessons l
    join scheduling_settings ss on ss.admin_id = l.admin_id
    cross join lateral ${attendeesOf({ id: sql`l.id`, classGroupId: sql`l.class_group_id` })} a(student_id)
    where l.admin_id = ${adminId} and l.status = 'scheduled' and l.starts_at > ${now}
      and l.starts_at <= ${now}::timestamptz + make_interval(hours => ss.reminder_hours + ${FIRST_SWEEPS_MARGIN_HOURS})
    on conflict do nothing`);
}
