import { sql, type SQL } from 'drizzle-orm';
import { dayBounds, startOfLocalDay } from '../../../shared/school-clock.js';

/** What a payroll is counted over: the school, its wall-clock period, its teachers and its rules. */
export type PayableQuery = {
  adminId: string;
  /** School-local days, both included. */
  from: string;
  to: string;
  timeZone: string;
  /** Empty: every teacher. */
  teacherIds: string[];
  payNoShows: boolean;
  payLateCancellations: boolean;
  noticeHours: number;
};

/**
 * The lessons a payroll pays, as one CTE body (the bench's baseline runs the same text): each
 * teacher's lessons starting in the period, not yet in an approved payroll, with why they are
 * paid. Held: someone present or late. No-show: attendance taken, someone absent, nobody present
 * or late (paid when the school says so). Late cancellation: cancelled inside the notice window,
 * not by a closure (paid when the school says so). Anything else (future, excused, cancelled in
 * good time) is not paid.
 */
export function payableLessonsSql(q: PayableQuery): SQL {
  const teachers = q.teacherIds.length === 0 ? sql`true` : sql`l.teacher_id = any(${`{${q.teacherIds.join(',')}}`}::uuid[])`;
  return sql`
    select l.id, l.teacher_id, lt.kind, lt.name as type_name, l.starts_at,
      case when l.status = 'cancelled' then 'late_cancellation'
           when att.held then 'held' else 'no_show' end as reason
    from lessons l
    join lesson_types lt on lt.id = l.lesson_type_id
    left join lateral (
      select bool_or(ls.attendance in ('present', 'late')) as held, bool_or(ls.attendance = 'absent') as absent
      from lesson_students ls where ls.lesson_id = l.id
    ) att on true
    where l.admin_id = ${q.adminId}
      and l.starts_at >= ${startOfLocalDay(q.from, q.timeZone).toISOString()}::timestamptz
      and l.starts_at < ${dayBounds(q.to, q.timeZone).end.toISOString()}::timestamptz
      and ${teachers}
      and (
        (l.status <> 'cancelled' and (att.held or (${q.payNoShows} and att.absent)))
        or (${q.payLateCancellations} and l.status = 'cancelled' and l.holiday_id is null
            and l.cancelled_at > l.starts_at - make_interval(hours => ${q.noticeHours}))
      )
      and not exists (select 1 from payroll_lessons pl where pl.lesson_id = l.id and pl.paid)`;
}

/**
 * Counts the period into a payroll in one statement: a line a teacher a lesson kind (the count at
 * the teacher's pay rate per lesson, integer cents), and the lessons behind each line.
 */
export function insertPayrollLinesSql(payrollId: string, q: PayableQuery): SQL {
  return sql`
    with counted as (${payableLessonsSql(q)}),
    lines as (
      insert into payroll_lines (admin_id, payroll_id, teacher_id, lesson_kind, lesson_count, rate_cents, amount_cents)
      select ${q.adminId}, ${payrollId}, c.teacher_id, c.kind, count(*)::int, coalesce(r.rate_cents, 0), (count(*) * coalesce(r.rate_cents, 0))::int
      from counted c
      left join teacher_pay_rates r on r.teacher_id = c.teacher_id and r.lesson_kind = c.kind
      group by c.teacher_id, c.kind, r.rate_cents
      returning id, teacher_id, lesson_kind
    )
    insert into payroll_lessons (admin_id, payroll_id, line_id, lesson_id, starts_at, lesson_type_name, reason)
    select ${q.adminId}, ${payrollId}, lines.id, c.id, c.starts_at, c.type_name, c.reason
    from counted c join lines on lines.teacher_id = c.teacher_id and lines.lesson_kind = c.kind`;
}
