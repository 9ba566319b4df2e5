import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { amountDueSql, invoiceColumns } from '../../lib/money-sql.js';
import type { StudentReportReach } from '../../policies/reports.js';
import type { StudentReportFilters } from '../../../shared/contracts/reports.js';
import { childrenOfParent, lessonsOfStudent, studentsOfTeacher } from '../relations/index.js';
import { schoolZoneOfAlias } from '../../lib/school-clock.js';

type Filters = Pick<StudentReportFilters, 'from' | 'to' | 'teacherId' | 'genreId' | 'status'>;

export type StudentReportDbRow = {
  id: string | null;
  first_name: string;
  last_name: string;
  active: boolean;
  total: number;
  zone: string;
  currency: string;
  scheduled: number;
  attended: number;
  missed: number;
  banked: number;
  practice_seconds: number;
  assignments_done: number;
  invoices: number;
  invoiced_cents: number;
  balance_cents: number;
  instruments: { name: string; level: string }[] | string;
  quiz_attempts: number;
  quiz_best: number | null;
  quiz_last: number | null;
};

/** Who reads the report: their id (for a teacher's, a parent's or their own reach) and school. */
export type StudentReportReader = Pick<Actor, 'id' | 'adminId'>;

const invoice = invoiceColumns('i');

/** The students the reader may see, by reach; every reach stays inside the school. */
function reachCondition(actor: StudentReportReader, reach: StudentReportReach): SQL {
  switch (reach) {
    case 'school':
      return sql`true`;
    case 'teacher':
      return sql`u.id in ${studentsOfTeacher(actor.id)}`;
    case 'student':
      return sql`u.id = ${actor.id}::uuid`;
    case 'parent':
      return sql`u.id in ${childrenOfParent(actor.id)}`;
  }
}

function filterCondition(f: Filters): SQL {
  const parts: SQL[] = [];
  if (f.teacherId) parts.push(sql`u.id in ${studentsOfTeacher(sql`${f.teacherId}::uuid`)}`);
  if (f.genreId) parts.push(sql`exists (select 1 from student_genres sg where sg.student_id = u.id and sg.genre_id = ${f.genreId}::uuid)`);
  if (f.status) parts.push(f.status === 'active' ? sql`u.status` : sql`not u.status`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * One statement for a page (or, with no limit, the whole export): the page of students, then a
 * lateral aggregate a domain (lessons and attendance, make-up credits, practice, invoices,
 * instruments, quiz attempts submitted in the period) over that page's ids alone. The period is the school's days: from 00:00 of `from`
 * to 00:00 after `to` on its clock. The school's row is the outer side, so an empty page still
 * answers its zone and currency. The bench's bare baseline renders this same builder.
 */
export function studentReportSql(
  actor: StudentReportReader, reach: StudentReportReach, f: Filters, page: { limit: number; offset: number } | null,
): SQL {
  const school = actor.adminId!;
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`
    with b as (
      select ${schoolZoneOfAlias('s')} as zone,
        (${f.from}::date)::timestamp at time zone ${schoolZoneOfAlias('s')} as lo,
        (${f.to}::date + 1)::timestamp at time zone ${schoolZoneOfAlias('s')} as hi,
        coalesce((select bs.currency from billing_settings bs where bs.admin_id = s.admin_id), 'USD') as currency
      from schools s where s.admin_id = ${school}::uuid
    ),
    p as (
      select u.id, u.first_name, u.last_name, u.status as active, count(*) over ()::int as total
      from users u
      where u.role = 'student' and u.admin_id = ${school}::uuid and ${reachCondition(actor, reach)} and ${filterCondition(f)}
      order by lower(u.last_name), lower(u.first_name), u.id
      ${paging}
    )
    select p.id, p.first_name, p.last_name, p.active, p.total, b.zone, b.currency,
      les.scheduled, les.attended, les.missed, cr.banked, pr.practice_seconds, pa.assignments_done,
      inv.invoices, inv.invoiced_cents, inv.balance_cents, g.instruments, qz.quiz_attempts, qz.quiz_best, qz.quiz_last
    from b
    left join p on true
    left join lateral (
      select (count(*) filter (where l.status = 'scheduled'))::int as scheduled,
        (count(*) filter (where ls.attendance in ('present', 'late')))::int as attended,
        (count(*) filter (where ls.attendance = 'absent'))::int as missed
      from lessons l left join lesson_students ls on ls.lesson_id = l.id and ls.student_id = p.id
      where l.id in ${lessonsOfStudent(sql`p.id`)} and l.starts_at >= b.lo and l.starts_at < b.hi
    ) les on true
    left join lateral (
      select count(*)::int as banked from makeup_credits mc join lessons l on l.id = mc.lesson_id
      where mc.student_id = p.id and mc.status <> 'revoked' and l.starts_at >= b.lo and l.starts_at < b.hi
    ) cr on true
    left join lateral (
      select coalesce(sum(ps.seconds), 0)::int as practice_seconds from practice_sessions ps
      where ps.student_id = p.id and ps.practiced_on between ${f.from}::date and ${f.to}::date
    ) pr on true
    left join lateral (
      select count(*)::int as assignments_done
      from practice_assignment_students pas join practice_assignments a on a.id = pas.assignment_id
      where pas.student_id = p.id and a.due_on between ${f.from}::date and ${f.to}::date
        and not exists (select 1 from practice_items i where i.assignment_id = a.id
          and not exists (select 1 from practice_item_completions c where c.item_id = i.id and c.student_id = p.id))
    ) pa on true
    left join lateral (
      select (count(*) filter (where i.status in ('open', 'paid') and i.issued_on between ${f.from}::date and ${f.to}::date))::int as invoices,
        coalesce(sum(i.total_cents) filter (where i.status in ('open', 'paid') and i.issued_on between ${f.from}::date and ${f.to}::date), 0)::bigint as invoiced_cents,
        coalesce(sum(${amountDueSql(invoice.totalCents, invoice.paidCents)}) filter (where i.status = 'open'), 0)::bigint as balance_cents
      from invoices i where i.student_id = p.id
    ) inv on true
    left join lateral (
      select coalesce(json_agg(json_build_object('name', gn.name, 'level', sg.level) order by gn.name), '[]'::json) as instruments
      from student_genres sg join genres gn on gn.id = sg.genre_id where sg.student_id = p.id
    ) g on true
    left join lateral (
      select count(*)::int as quiz_attempts, max(qa.percent)::int as quiz_best,
        ((array_agg(qa.percent order by qa.submitted_at desc))[1])::int as quiz_last
      from quiz_attempts qa
      where qa.admin_id = ${school}::uuid and qa.student_id = p.id and qa.submitted_at >= b.lo and qa.submitted_at < b.hi
    ) qz on true
    order by lower(p.last_name), lower(p.first_name), p.id`;
}

export async function selectStudentReport(
  tx: Tx, actor: StudentReportReader, reach: StudentReportReach, f: Filters, page: { limit: number; offset: number } | null,
): Promise<StudentReportDbRow[]> {
  const { rows } = await tx.execute(studentReportSql(actor, reach, f, page));
  return rows as StudentReportDbRow[];
}
