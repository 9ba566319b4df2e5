import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { amountDueSql, invoiceColumns } from '../../lib/money-sql.js';
import { ATTENDANCE_LOOKBACK_DAYS, type DashboardFigure } from '../../../shared/contracts/dashboard.js';
import { attendeesOf, studentsOfTeacher } from '../relations/index.js';
import { schoolZoneOfAlias } from '../../lib/school-clock.js';

/** How far back the office's attendance rate looks, in days. */
export const ATTENDANCE_RATE_DAYS = 30;

const rateOf = (attended: number, missed: number) => (attended + missed === 0 ? null : Math.round((attended * 100) / (attended + missed)));
const first = <T>(rows: unknown[]) => rows[0] as T;
const invoice = invoiceColumns('i');

/**
 * The school's week and month on its own clock, as instants: `now` in the school's zone truncated
 * to Monday, to the 1st, and to today, and the ends of that week and day. The ends are added on
 * the school's wall clock before it becomes an instant: a week or a day with a clock change is an
 * hour shorter or longer than 7 × 24 or 24 hours (decision 072). A fragment of every statement
 * below, so each group of numbers stays one query.
 */
const schoolClock = (school: string, now: Date, zone = schoolZoneOfAlias('s')) => {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${zone})`;
  return sql`clock as (
  select s.admin_id, ${zone} as zone,
    date_trunc('week', ${local}) at time zone ${zone} as week_start,
    (date_trunc('week', ${local}) + interval '7 days') at time zone ${zone} as week_end,
    date_trunc('month', ${local}) at time zone ${zone} as month_start,
    date_trunc('day', ${local}) at time zone ${zone} as day_start,
    (date_trunc('day', ${local}) + interval '1 day') at time zone ${zone} as day_end
  from schools s where s.admin_id = ${school}::uuid)`;
};

/** Admin and sub-admin: lessons this week and the attendance rate; revenue this month and what is owed; new widget students. */
export async function officeNumbers(tx: Tx, school: string, now: Date): Promise<DashboardFigure[]> {
  const since = new Date(now.getTime() - ATTENDANCE_RATE_DAYS * 86_400_000);
  const lessonsRow = first<{ week_lessons: number; attended: number; missed: number }>((await tx.execute(sql`
    with ${schoolClock(school, now)}
    select
      (select count(*) from lessons l where l.admin_id = c.admin_id and l.status = 'scheduled'
        and l.starts_at >= c.week_start and l.starts_at < c.week_end)::int as week_lessons,
      (select count(*) filter (where ls.attendance in ('present', 'late')) from lessons l join lesson_students ls on ls.lesson_id = l.id
        where l.admin_id = c.admin_id and l.starts_at >= ${since.toISOString()}::timestamptz and l.starts_at < ${now.toISOString()}::timestamptz)::int as attended,
      (select count(*) filter (where ls.attendance = 'absent') from lessons l join lesson_students ls on ls.lesson_id = l.id
        where l.admin_id = c.admin_id and l.starts_at >= ${since.toISOString()}::timestamptz and l.starts_at < ${now.toISOString()}::timestamptz)::int as missed
    from clock c`)).rows) ?? { week_lessons: 0, attended: 0, missed: 0 };
  // Money moved this month net of refunds, as the payments report counts it; owed: open invoices' balance.
  const moneyRow = first<{ revenue: string; outstanding: string; currency: string }>((await tx.execute(sql`
    with ${schoolClock(school, now)}
    select
      (select coalesce(sum(case when p.kind = 'refund' then -abs(p.amount_cents) else abs(p.amount_cents) end), 0) from payments p
        where p.admin_id = c.admin_id and p.status in ('succeeded', 'refunded') and p.created_at >= c.month_start)::bigint as revenue,
      (select coalesce(sum(${amountDueSql(invoice.totalCents, invoice.paidCents)}), 0) from invoices i where i.admin_id = c.admin_id and i.status = 'open')::bigint as outstanding,
      coalesce((select bs.currency from billing_settings bs where bs.admin_id = c.admin_id), 'USD') as currency
    from clock c`)).rows);
  const signupsRow = first<{ n: number }>((await tx.execute(sql`
    select count(*)::int as n from student_signups where admin_id = ${school}::uuid and status = 'pending'`)).rows);
  const currency = moneyRow?.currency ?? 'USD';
  return [
    { key: 'lessonsThisWeek', label: 'Lessons This Week', value: lessonsRow.week_lessons, format: 'count' },
    { key: 'attendanceRate', label: `Attendance Rate (${ATTENDANCE_RATE_DAYS} days)`, value: rateOf(lessonsRow.attended, lessonsRow.missed), format: 'percent' },
    { key: 'revenueThisMonth', label: 'Revenue This Month', value: Number(moneyRow?.revenue ?? 0), format: 'money', currency },
    { key: 'outstandingBalance', label: 'Outstanding Balance', value: Number(moneyRow?.outstanding ?? 0), format: 'money', currency },
    { key: 'newWidgetStudents', label: 'New Widget Students', value: signupsRow?.n ?? 0, format: 'count' },
  ];
}

/** A teacher: today's lessons, the students of their started lessons still to mark, their students' practice this week. */
export async function teacherNumbers(tx: Tx, me: Actor, now: Date): Promise<DashboardFigure[]> {
  const school = me.adminId!;
  const lookback = new Date(now.getTime() - ATTENDANCE_LOOKBACK_DAYS * 86_400_000);
  const lessonsRow = first<{ today: number; to_mark: number }>((await tx.execute(sql`
    with ${schoolClock(school, now)}
    select
      (select count(*) from lessons l where l.teacher_id = ${me.id}::uuid and l.status = 'scheduled'
        and l.starts_at >= c.day_start and l.starts_at < c.day_end)::int as today,
      (select coalesce(sum((select count(*) from ${attendeesOf({ id: sql`l.id`, classGroupId: sql`l.class_group_id` })} a)), 0)
        from lessons l where l.teacher_id = ${me.id}::uuid and l.status = 'scheduled' and l.attendance_taken_at is null
          and l.starts_at >= ${lookback.toISOString()}::timestamptz and l.starts_at <= ${now.toISOString()}::timestamptz)::int as to_mark
    from clock c`)).rows) ?? { today: 0, to_mark: 0 };
  const practiceRow = first<{ seconds: number }>((await tx.execute(sql`
    with ${schoolClock(school, now)}
    select coalesce(sum(ps.seconds), 0)::int as seconds from clock c
      join practice_sessions ps on ps.practiced_on >= (c.week_start at time zone c.zone)::date
    where ps.student_id in ${studentsOfTeacher(me.id)}`)).rows);
  return [
    { key: 'todaysLessons', label: 'Today’s Lessons', value: lessonsRow.today, format: 'count' },
    { key: 'studentsToMark', label: 'Students to Mark', value: lessonsRow.to_mark, format: 'count' },
    { key: 'practiceMinutesThisWeek', label: 'Practice This Week (minutes)', value: Math.round((practiceRow?.seconds ?? 0) / 60), format: 'count' },
  ];
}

/** The superadmin: what schools paid for the provider's plans this month (UTC, by when the money settled), in one query. */
export async function providerNumbers(tx: Tx, now: Date): Promise<DashboardFigure[]> {
  const row = first<{ revenue: string }>((await tx.execute(sql`
    select coalesce(sum(amount_cents), 0)::bigint as revenue from school_plan_charges
    where status in ('succeeded', 'paid') and coalesce(settled_at, created_at) >= date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'`)).rows);
  return [{ key: 'planRevenueThisMonth', label: 'Plan Revenue This Month', value: Number(row?.revenue ?? 0), format: 'money', currency: 'USD' }];
}
