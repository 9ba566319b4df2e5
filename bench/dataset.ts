import pg from 'pg';
import { hashPassword } from '../server/lib/passwords.js';

export const BENCH_PASSWORD = 'Bench@12345';

/** The budget dataset of docs/domains/conventions.md "Performance budgets" at scale 1: 1,000 schools and 200,000 students. */
export function sizesFor(scale: number) {
  const schools = Math.max(2, Math.round(1000 * scale));
  return { schools, studentsPerSchool: 200, teachersPerSchool: 10 };
}

/**
 * Fills an empty, migrated database with generated schools, set-based in SQL so that 200,000
 * students take seconds. Admins are `benchadmin1..N`; every password is BENCH_PASSWORD.
 */
export async function generateDataset(url: string, scale: number): Promise<{ schools: number; users: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ n }] = (await client.query('select count(*)::int as n from users')).rows as [{ n: number }];
    const { schools, studentsPerSchool, teachersPerSchool } = sizesFor(scale);
    if (n > 0) {
      await linkStudents(client);
      await addLessons(client);
      await addBilling(client);
      await addPayroll(client);
      await addStore(client);
      return { schools, users: n };
    }
    const hash = await hashPassword(BENCH_PASSWORD);
    await client.query('begin');
    await client.query(`
      insert into users (id, admin_id, role, addrole, username, email, password_hash, first_name, last_name, email_verified_at)
      select id, id, 'admin', 'School', 'benchadmin' || i, 'admin' || i || '@bench.example', $1, 'Admin', 'Number ' || i, now()
      from (select gen_random_uuid() as id, i from generate_series(1, $2::int) i) s`, [hash, schools]);
    await client.query(`insert into schools (admin_id, school_name) select id, 'Bench School ' || substr(username, 11) from users where role = 'admin'`);
    await client.query(`
      insert into users (admin_id, role, username, email, password_hash, first_name, last_name, status, created_at)
      select a.id, 'teacher', 'benchteacher' || a.username || '_' || t, 'teacher' || t || '@' || a.username || '.example', $1,
             'Teacher', 'T' || t, true, now() - (t || ' minutes')::interval
      from users a cross join generate_series(1, $2::int) t where a.role = 'admin'`, [hash, teachersPerSchool]);
    await client.query(`
      insert into users (admin_id, role, username, email, password_hash, first_name, last_name, status, created_at)
      select a.id, 'student', 'benchstudent' || a.username || '_' || s, 'student' || s || '@' || a.username || '.example', $1,
             (array['Ava','Noah','Mia','Liam','Zoe','Ethan','Lily','Owen'])[1 + s % 8], 'S' || s, s % 10 <> 0,
             now() - (s || ' minutes')::interval
      from users a cross join generate_series(1, $2::int) s where a.role = 'admin'`, [hash, studentsPerSchool]);
    await client.query('commit');
    await linkStudents(client);
    await addLessons(client);
    await addBilling(client);
    await addPayroll(client);
    await addStore(client);
    // The visibility map lets counts read the index alone.
    await client.query('vacuum analyze');
    const [{ total }] = (await client.query('select count(*)::int as total from users')).rows as [{ total: number }];
    return { schools, users: total };
  } finally {
    await client.end();
  }
}

/**
 * Every student gets a teacher of their school and an instrument with a level, as the students
 * list shows them (added with issue 3; a database generated before gets them on the next run).
 */
async function linkStudents(client: pg.Client) {
  const [{ linked }] = (await client.query('select exists (select 1 from student_teachers) as linked')).rows as [{ linked: boolean }];
  if (linked) return;
  await client.query('begin');
  await client.query(`
    insert into student_teachers (admin_id, student_id, teacher_id)
    select s.admin_id, s.id, t.id
    from (select id, admin_id, row_number() over (partition by admin_id order by id) as k from users where role = 'student') s
    join (select id, admin_id, row_number() over (partition by admin_id order by id) - 1 as k, count(*) over (partition by admin_id) as n
          from users where role = 'teacher') t
      on t.admin_id = s.admin_id and t.k = s.k % t.n`);
  await client.query(`
    insert into student_genres (admin_id, student_id, genre_id, level)
    select s.admin_id, s.id, g.id, (array['beginner','intermediate','advanced'])[1 + s.k % 3]
    from (select id, admin_id, row_number() over (order by id) as k from users where role = 'student') s
    join (select id, row_number() over (order by name) - 1 as k, count(*) over () as n from genres) g on g.k = s.k % g.n`);
  await client.query('commit');
  await client.query('vacuum analyze');
}

/** The teacher whose weekly calendar the bench loads: the first teacher of the first school. */
export const BENCH_TEACHER = 'benchteacherbenchadmin1_1';

/**
 * Issue 4's calendar dataset: in every school the first teacher teaches 40 students a weekly
 * half-hour lesson (Monday to Friday, 2 pm to 6 pm New York): a year of them around today,
 * and three years in the first school (6,240 lessons) — about 2,000,000 lessons at scale 1.
 */
async function addLessons(client: pg.Client) {
  const [{ present }] = (await client.query('select exists (select 1 from lessons) as present')).rows as [{ present: boolean }];
  if (present) return;
  await client.query('begin');
  await client.query(`insert into scheduling_settings (admin_id) select admin_id from schools on conflict do nothing`);
  await client.query(`
    insert into lesson_types (admin_id, name, kind, duration_minutes)
    select admin_id, t.name, t.kind, t.minutes from schools
    cross join (values ('Private Lesson', 'private', 30), ('Group Class', 'class_group', 60)) as t(name, kind, minutes)
    on conflict do nothing`);
  await client.query(`
    create temp table bench_slots on commit drop as
    with teacher as (
      select u.admin_id, u.id from users u join users a on a.id = u.admin_id
      where u.username = 'benchteacher' || a.username || '_1'
    ), pupil as (
      select admin_id, id, k from (select admin_id, id, row_number() over (partition by admin_id order by id) - 1 as k from users where role = 'student') s
      where k < 40
    ), plan as (
      select t.admin_id, t.id as teacher_id, p.id as student_id, p.k, lt.id as type_id,
             case when a.username = 'benchadmin1' then 156 else 52 end as weeks
      from teacher t join pupil p on p.admin_id = t.admin_id join users a on a.id = t.admin_id
      join lesson_types lt on lt.admin_id = t.admin_id and lt.kind = 'private'
    )
    select gen_random_uuid() as id, admin_id, teacher_id, type_id, student_id,
           date_trunc('week', now()) - (weeks / 2) * interval '1 week' + w * interval '1 week'
             + (k % 5) * interval '1 day' + interval '19 hours' + (k / 5) * interval '30 minutes' as starts_at
    from plan cross join lateral generate_series(0, weeks - 1) w`);
  await client.query(`insert into lessons (id, admin_id, teacher_id, lesson_type_id, starts_at, ends_at)
    select id, admin_id, teacher_id, type_id, starts_at, starts_at + interval '30 minutes' from bench_slots`);
  await client.query(`insert into lesson_students (admin_id, lesson_id, student_id) select admin_id, id, student_id from bench_slots`);
  await client.query('commit');
  await client.query('vacuum analyze');
}

/** Students a school bills every month in the bench (the first of its students by id). */
export const BILLED_STUDENTS = 100;

/**
 * Issue 11's billing dataset: every school bills its first 100 students monthly for the past
 * year (1,200 invoices a school, 1,200,000 at scale 1), each paid by card three days after it
 * went out but this month's (open) and last month's every fourth (overdue); every 15th payment
 * was declined once first and every 20th was partly refunded: about 1,300,000 payment rows.
 * Invoice lines are left out: neither the invoice list nor the payments report reads them.
 */
async function addBilling(client: pg.Client) {
  const [{ present }] = (await client.query('select exists (select 1 from invoices) as present')).rows as [{ present: boolean }];
  if (present) return;
  await client.query('begin');
  await client.query(`
    create temp table bench_bills on commit drop as
    with pupil as (
      select admin_id, id, k from (select admin_id, id, row_number() over (partition by admin_id order by id) as k from users where role = 'student') s
      where k <= ${BILLED_STUDENTS}
    )
    select gen_random_uuid() as id, p.admin_id, p.id as student_id, p.k, m,
           row_number() over (partition by p.admin_id order by m desc, p.k) as number,
           (date_trunc('month', now() at time zone 'America/New_York') - m * interval '1 month')::date as issued_on
    from pupil p cross join generate_series(0, 11) m`);
  await client.query(`
    insert into invoices (id, admin_id, number, student_id, payer_id, status, issued_on, due_on, subtotal_cents, total_cents, paid_cents,
                          pay_token_hash, pay_token_sealed, sent_at, paid_at, created_at, updated_at)
    select id, admin_id, number, student_id, student_id,
           case when m = 0 or (m = 1 and k % 4 = 0) then 'open' else 'paid' end,
           issued_on, issued_on + 14, 14000, 14000,
           case when m = 0 or (m = 1 and k % 4 = 0) then 0 else 14000 end,
           md5(id::text), 'bench', issued_on + interval '17 hours',
           case when m = 0 or (m = 1 and k % 4 = 0) then null else issued_on + interval '3 days 17 hours' end,
           issued_on + interval '17 hours', issued_on + interval '17 hours'
    from bench_bills`);
  await client.query(`insert into invoice_counters (admin_id, last_number) select admin_id, max(number) from bench_bills group by admin_id`);
  await client.query(`
    insert into payments (admin_id, invoice_id, student_id, payer_id, kind, method, source, status, amount_cents, refunded_cents,
                          idempotency_key, gateway, test_mode, card_brand, card_last4, message, created_at, settled_at)
    select admin_id, id, student_id, student_id, 'charge', 'card', 'pay_page', 'declined', 14000, 0,
           'bench-d-' || id, 'sandbox', true, 'Visa', '1111', 'This transaction has been declined.',
           issued_on + interval '2 days 17 hours', null
    from bench_bills where not (m = 0 or (m = 1 and k % 4 = 0)) and (number % 15) = 0
    union all
    select admin_id, id, student_id, student_id, 'charge', 'card', 'pay_page', 'succeeded', 14000, case when number % 20 = 0 then 3500 else 0 end,
           'bench-c-' || id, 'sandbox', true, 'Visa', '1111', 'This transaction has been approved.',
           issued_on + interval '3 days 17 hours', issued_on + interval '3 days 17 hours'
    from bench_bills where not (m = 0 or (m = 1 and k % 4 = 0))`);
  await client.query(`
    insert into payments (admin_id, invoice_id, student_id, payer_id, kind, method, source, status, amount_cents, refund_of_id,
                          idempotency_key, gateway, test_mode, card_brand, card_last4, created_at, settled_at)
    select admin_id, invoice_id, student_id, payer_id, 'refund', 'card', 'staff', 'succeeded', refunded_cents, id,
           'bench-r-' || invoice_id, 'sandbox', true, card_brand, card_last4, created_at + interval '5 days', created_at + interval '5 days'
    from payments where refunded_cents > 0`);
  // A partial refund leaves a balance: the invoice is open again, as recomputeInvoiceTotals leaves it.
  await client.query(`update invoices i set paid_cents = i.paid_cents - p.refunded_cents, status = 'open', paid_at = null
    from payments p where p.invoice_id = i.id and p.kind = 'charge' and p.refunded_cents > 0`);
  await client.query('commit');
  await client.query('vacuum analyze invoices');
  await client.query('vacuum analyze payments');
}

/** Teachers of the first school in the payroll bench (issue 15): its 10, and 40 more. */
export const PAYROLL_TEACHERS = 50;

/**
 * Issue 15's payroll dataset, in the first school (beside its three years of calendar): 50
 * teachers with pay rates, each teaching 10 students a weekly private lesson and a weekly group
 * class from two months ago to now, attendance taken (a present, every seventh absent), so a
 * month's payroll counts about 50 × 4 × 11 = 2,200 lessons.
 */
async function addPayroll(client: pg.Client) {
  const [{ present }] = (await client.query(`select exists (select 1 from users where username = 'benchpayteacher${PAYROLL_TEACHERS}') as present`)).rows as [{ present: boolean }];
  if (present) return;
  const hash = await hashPassword(BENCH_PASSWORD);
  await client.query('begin');
  await client.query(`
    insert into users (admin_id, role, username, email, password_hash, first_name, last_name, status)
    select a.id, 'teacher', 'benchpayteacher' || t, 'payteacher' || t || '@bench.example', $1, 'Teacher', 'P' || t, true
    from users a cross join generate_series(11, $2::int) t where a.username = 'benchadmin1'`, [hash, PAYROLL_TEACHERS]);
  await client.query(`
    create temp table bench_pay on commit drop as
    with a as (select id from users where username = 'benchadmin1'),
    teacher as (select u.id, row_number() over (order by u.id) - 1 as n from users u, a where u.admin_id = a.id and u.role = 'teacher'),
    pupil as (select u.id, row_number() over (order by u.id) - 1 as k from users u, a where u.admin_id = a.id and u.role = 'student')
    select gen_random_uuid() as id, (select id from a) as admin_id, t.id as teacher_id, p.id as student_id, lt.id as type_id, lt.kind,
      date_trunc('week', now()) - interval '9 weeks' + w * interval '1 week' + (t.n % 5) * interval '1 day'
        + interval '13 hours' + (p.k % 10) * interval '30 minutes' + (case when lt.kind = 'class_group' then interval '5 hours' else interval '0' end) as starts_at,
      w
    from teacher t
    join pupil p on p.k / 10 = t.n % 20 and (p.k % 10 < 10)
    join lesson_types lt on lt.admin_id = (select id from a) and (lt.kind = 'private' or p.k % 10 = 0)
    cross join generate_series(0, 8) w`);
  await client.query(`insert into lessons (id, admin_id, teacher_id, lesson_type_id, starts_at, ends_at, attendance_taken_at)
    select id, admin_id, teacher_id, type_id, starts_at, starts_at + interval '30 minutes', starts_at from bench_pay`);
  await client.query(`insert into lesson_students (admin_id, lesson_id, student_id, attendance)
    select admin_id, id, student_id, case when w % 7 = 3 then 'absent' else 'present' end from bench_pay`);
  await client.query(`
    insert into teacher_pay_rates (admin_id, teacher_id, lesson_kind, rate_cents)
    select u.admin_id, u.id, k.kind, k.cents from users u join users a on a.id = u.admin_id
    cross join (values ('private', 3500), ('class_group', 2000)) k(kind, cents)
    where a.username = 'benchadmin1' and u.role = 'teacher' on conflict do nothing`);
  await client.query('commit');
  await client.query('vacuum analyze');
}

/** Products in every school's store (issue 16). */
export const STORE_PRODUCTS = 50;

/**
 * Issue 16's store dataset: every school has the store, two categories and 50 products (50,000 at
 * scale 1), each made a minute apart so the list's order is the order they were added.
 */
async function addStore(client: pg.Client) {
  const [{ present }] = (await client.query('select exists (select 1 from store_products) as present')).rows as [{ present: boolean }];
  if (present) return;
  await client.query('begin');
  await client.query('update schools set show_store = true');
  await client.query(`insert into store_categories (admin_id, name) select admin_id, c from schools cross join (values ('Books'), ('Accessories')) v(c)`);
  await client.query(`
    insert into store_products (admin_id, item_name, item_code, price_cents, shipping_cents, tax_applicable, stock, category_id, created_at, updated_at)
    select s.admin_id, 'Item ' || p, 'SKU-' || p, 500 + p * 25, case when p % 3 = 0 then 300 else null end, p % 2 = 0, p % 7,
      (select c.id from store_categories c where c.admin_id = s.admin_id and c.name = case when p % 2 = 0 then 'Books' else 'Accessories' end),
      now() - (p || ' minutes')::interval, now()
    from schools s cross join generate_series(1, $1::int) p`, [STORE_PRODUCTS]);
  await client.query('commit');
  await client.query('vacuum analyze store_products');
  await client.query('vacuum analyze store_categories');
}
