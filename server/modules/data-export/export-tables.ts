import { sql, type SQL } from 'drizzle-orm';
import { at, col, type ExportTable } from '../../lib/export-table.js';
import { groupsOfStudents, LINK_TABLE_EXPORTS } from '../relations/index.js';

/**
 * Every CSV of a data export, in the archive's order (decision 092; docs/domains/schools.md "A
 * school's data, exported"). Left out on purpose: password hashes, sessions and sign-in tokens,
 * the pay and calendar links' tokens, saved cards and the gateway's customer profiles, the merchant
 * account's keys, idempotency keys, and the bodies of sent emails (they carry sign-in and pay links).
 * Card numbers and codes are never stored, so no column could hold them.
 */

const own = (column: string) => (people: SQL) => sql`${sql.raw(`t.${column}`)} = any(${people})`;
const either = (a: string, b: string) => (people: SQL) => sql`(${own(a)(people)} or ${own(b)(people)})`;

const lessonsOf = (people: SQL) => sql`t.id in (select ls.lesson_id from lesson_students ls where ls.student_id = any(${people}))`;
const invoicesOf = (people: SQL) => sql`(t.student_id = any(${people}) or t.payer_id = any(${people}))`;
const ordersOf = (people: SQL) => sql`t.order_id in (select o.id from store_orders o where o.user_id = any(${people}))`;
const assignmentsOf = (people: SQL) =>
  sql`t.id in (select s.assignment_id from practice_assignment_students s where s.student_id = any(${people}))`;
/** Store orders: the school's own store's, and its people's at the provider's store. */
const storeSide = (school: SQL) => sql`(t.admin_id = ${school} or t.buyer_admin_id = ${school})`;

const PEOPLE: ExportTable[] = [
  {
    file: 'school.csv', table: 'schools', key: ['admin_id'], about: 'The school itself: one row.',
    columns: [col('admin_id', 'the school\'s id (a UUID): its owner\'s account in users.csv', { plain: true }), col('school_name'), col('time_zone', 'the IANA time zone of the school\'s clock'),
      col('working_phone'), col('address1'), col('city'), col('state'), col('postal_code'), col('country'), at('created_at'), at('plan_lapsed_at')],
    mine: (people) => sql`${people} is not null`,
  },
  {
    file: 'users.csv', table: 'users', key: ['id'], about: 'Every person of the school: its owner, sub-admins, teachers, students and parents.',
    columns: [col('id'), col('role', 'admin, subadmin, teacher, student or parent'), col('addrole', 'for the owner: School or Private teacher'),
      col('username'), col('email'), col('first_name'), col('last_name'), col('cell_phone'), col('address1'), col('city'), col('state'),
      col('postal_code'), col('status', 'true: active'), col('allow_payroll_report', 'a sub-admin may see payroll'),
      col('notifications_on', 'true: lesson and make-up reminders by email', { plain: true }), at('email_verified_at'), at('created_at'), at('updated_at')],
    mine: own('id'),
  },
  { file: 'genres.csv', table: 'genres', key: ['id'], school: 'shared', about: 'The instruments and genres (the same list for every school).',
    columns: [col('id'), col('name')], mine: () => sql`true` },
  { file: 'student_genres.csv', table: 'student_genres', key: ['id'], about: 'What each student learns, at which level.',
    columns: [col('id'), col('student_id'), col('genre_id'), col('level', 'beginner, intermediate or advanced')], mine: own('student_id') },
  { file: 'teacher_genres.csv', table: 'teacher_genres', key: ['id'], about: 'What each teacher teaches.',
    columns: [col('id'), col('teacher_id'), col('genre_id')] },
  { file: 'teacher_pay_rates.csv', table: 'teacher_pay_rates', key: ['id'], about: 'What a teacher earns for one lesson of a kind.',
    columns: [col('id'), col('teacher_id'), col('lesson_kind', 'private or class_group'), col('rate_cents')] },
  { file: 'families.csv', table: 'families', key: ['id'], about: 'Households.',
    columns: [col('id'), col('name'), at('created_at')],
    mine: (people) => sql`t.id in (select fm.family_id from family_members fm where fm.user_id = any(${people}))` },
  { file: 'family_members.csv', table: 'family_members', key: ['id'], about: 'The parents and children of each household.',
    columns: [col('id'), col('family_id'), col('user_id')], mine: own('user_id') },
  ...LINK_TABLE_EXPORTS,
  { file: 'class_groups.csv', table: 'class_groups', key: ['id'], about: 'Classes and groups.',
    columns: [col('id'), col('name'), col('teacher_id', 'the teacher who leads it'), at('created_at')],
    mine: (people) => sql`t.id in ${groupsOfStudents(people)}` },
  { file: 'student_signups.csv', table: 'student_signups', key: ['id'], about: 'Sign-ups through the school\'s public widget.',
    columns: [col('id'), col('first_name'), col('last_name'), col('email'), col('cell_phone'), col('genres', 'JSON: each genre and level asked for'),
      col('status', 'pending, approved or declined'), col('student_id', 'the account approval made'), col('plan_id', 'the plan chosen (student_plans.csv)'),
      col('decided_by'), at('decided_at'), at('created_at')] },
];

const SCHEDULING: ExportTable[] = [
  { file: 'scheduling_settings.csv', table: 'scheduling_settings', key: ['admin_id'], about: 'The calendar\'s rules: make-up credits, notice, reminders, the school day.',
    columns: [col('credit_max_held'), col('credit_max_per_term'), col('credit_lifetime_days'), col('notice_hours', 'cancel at least this long before to earn a credit'),
      col('banked_due_hours'), col('reminder_hours'), col('default_lesson_minutes'), col('teacher_back_date_days'), col('term_starts_on'), col('term_ends_on'),
      col('day_starts_at', 'HH:mm on the school\'s clock', { plain: true }), col('day_ends_at', 'HH:mm on the school\'s clock', { plain: true })] },
  { file: 'rooms.csv', table: 'rooms', key: ['id'], about: 'Rooms.', columns: [col('id'), col('room_name'), col('capacity'), at('created_at')] },
  { file: 'lesson_types.csv', table: 'lesson_types', key: ['id'], about: 'Lesson types.',
    columns: [col('id'), col('name'), col('kind', 'private or class_group'), col('duration_minutes'), at('created_at')] },
  { file: 'holidays.csv', table: 'holidays', key: ['id'], about: 'Closures.',
    columns: [col('id'), col('name'), col('starts_on'), col('ends_on'), col('bank_lessons', 'true: the lessons missed became make-up credits'), at('created_at')] },
  { file: 'lesson_series.csv', table: 'lesson_series', key: ['id'], about: 'Repeating lessons: the rule each occurrence in lessons.csv comes from.',
    columns: [col('id'), col('teacher_id'), col('lesson_type_id'), col('room_id'), col('class_group_id'), col('rrule', 'the repetition (RFC 5545 RRULE)'),
      col('starts_local', 'the first start on the school\'s clock'), col('duration_minutes'), col('time_zone'), col('notes'), at('created_at')] },
  { file: 'lesson_series_students.csv', table: 'lesson_series_students', key: ['series_id', 'student_id'], about: 'The students of each repeating lesson.',
    columns: [col('series_id'), col('student_id')], mine: own('student_id') },
  { file: 'lessons.csv', table: 'lessons', key: ['id'], about: 'Every lesson on the calendar, one row an occurrence.',
    columns: [col('id'), col('series_id'), col('teacher_id'), col('lesson_type_id'), col('room_id'), col('class_group_id'), at('starts_at'), at('ends_at'),
      col('status', 'scheduled or cancelled'), col('cancel_reason'), at('cancelled_at'), col('holiday_id'), at('attendance_taken_at'),
      col('notes', 'the teacher\'s notes (empty in a family\'s export)', { mineSql: "''" }), at('created_at'), at('updated_at')],
    mine: lessonsOf },
  { file: 'lesson_students.csv', table: 'lesson_students', key: ['lesson_id', 'student_id'], about: 'Who is in each lesson, and their attendance.',
    columns: [col('lesson_id'), col('student_id'), col('attendance', 'present, absent, late, excused or cancelled; empty until taken'), at('marked_at'), col('marked_by'),
      col('note', 'the teacher\'s note (in a family\'s export only when shared with them)', { mineSql: "case when t.note_shared then coalesce(t.note, '') else '' end" }),
      col('note_shared', 'the note is shown to the family')],
    mine: own('student_id') },
  { file: 'makeup_credits.csv', table: 'makeup_credits', key: ['id'], about: 'Make-up credits.',
    columns: [col('id'), col('student_id'), col('lesson_id', 'the lesson missed'), at('expires_at'), col('status', 'available, used or revoked'),
      col('used_lesson_id', 'the make-up lesson'), col('granted_by_hand'), at('created_at')], mine: own('student_id') },
  { file: 'makeup_slots.csv', table: 'makeup_slots', key: ['id'], about: 'Times offered for make-up lessons.',
    columns: [col('id'), col('teacher_id'), col('lesson_type_id'), col('room_id'), at('starts_at'), at('ends_at'), col('capacity'), col('lesson_id'), col('created_by'), at('created_at')] },
];

const BILLING: ExportTable[] = [
  { file: 'billing_settings.csv', table: 'billing_settings', key: ['admin_id'], about: 'The currency, due days and late fee.',
    columns: [col('currency'), col('default_due_days'), col('late_fee_cents'), col('late_fee_after_days'), at('updated_at')] },
  { file: 'student_plans.csv', table: 'student_plans', key: ['id'], about: 'The school\'s plans for students.',
    columns: [col('id'), col('name'), col('price_cents'), col('period', 'monthly, term or once'), col('lessons_per_period'), col('lesson_minutes'), col('lesson_kind'), col('genre_id'),
      col('teacher_ids', 'JSON: the plan\'s teachers'), col('class_group_id'), col('description'), at('retired_at'), at('created_at')],
    mine: (people) => sql`t.id in (select s.plan_id from plan_subscriptions s where s.student_id = any(${people}))` },
  { file: 'plan_subscriptions.csv', table: 'plan_subscriptions', key: ['id'], about: 'Students on plans.',
    columns: [col('id'), col('plan_id'), col('student_id'), col('requested_by'), col('status'), col('recurring_invoice_id'), col('starts_on'), col('ends_on'),
      col('approved_by'), at('approved_at'), at('cancelled_at'), at('created_at')], mine: own('student_id') },
  { file: 'recurring_invoices.csv', table: 'recurring_invoices', key: ['id'], about: 'Invoices issued on a schedule.',
    columns: [col('id'), col('student_id'), col('lines', 'JSON: the lines of each invoice'), col('discount_cents'), col('note'), col('frequency', 'monthly or weekly'), col('day_of_month'),
      col('interval_weeks'), col('starts_on'), col('ends_on'), col('next_issue_on'), col('due_days'), col('auto_send'), col('active'), at('created_at')],
    mine: own('student_id') },
  { file: 'invoices.csv', table: 'invoices', key: ['id'], about: 'Invoices.',
    columns: [col('id'), col('number', 'the school\'s invoice number'), col('student_id'), col('payer_id', 'who is billed: the student or a parent'),
      col('status', 'draft, open, paid or void: partly paid and overdue are read from the amounts and today'), col('currency'), col('issued_on'), col('due_on'),
      col('subtotal_cents'), col('discount_cents'), col('total_cents'), col('paid_cents'), col('note'), col('recurring_invoice_id'), col('period_starts_on'),
      at('late_fee_added_at'), at('sent_at'), at('paid_at'), at('voided_at'), col('void_reason'), col('created_by'), at('created_at'), at('updated_at')],
    mine: invoicesOf },
  { file: 'invoice_lines.csv', table: 'invoice_lines', key: ['id'], about: 'The lines of each invoice.',
    columns: [col('id'), col('invoice_id'), col('position'), col('kind', 'item, lesson or late_fee'), col('description'), col('quantity'), col('unit_price_cents'), col('amount_cents'), col('lesson_id')],
    mine: (people) => sql`t.invoice_id in (select i.id from invoices i where i.student_id = any(${people}) or i.payer_id = any(${people}))` },
  { file: 'payments.csv', table: 'payments', key: ['id'], about: 'Payments and refunds: cash, checks and cards (only a card\'s brand and last four digits).',
    columns: [col('id'), col('invoice_id'), col('student_id'), col('payer_id'), col('kind', 'charge or refund'), col('method', 'card, cash or check'),
      col('source', 'pay_page, saved_card, autopay or staff'), col('status'), col('amount_cents'), col('currency'), col('refunded_cents'), col('refund_of_id', 'the payment a refund gives back'),
      col('gateway'), col('test_mode'), col('gateway_transaction_id', 'the payment gateway\'s number of the charge', { plain: true }), col('message'), col('card_brand'), col('card_last4'), col('reference', 'a check\'s number, a note'),
      col('recorded_by'), at('created_at'), at('settled_at')],
    mine: invoicesOf },
  { file: 'autopay_settings.csv', table: 'autopay_settings', key: ['student_id'], about: 'Whose invoices are charged to a saved card when due.',
    columns: [col('student_id'), col('enabled'), col('updated_by'), at('updated_at')], mine: own('student_id') },
];

const LEARNING: ExportTable[] = [
  { file: 'practice_assignments.csv', table: 'practice_assignments', key: ['id'], about: 'Practice assigned by teachers.',
    columns: [col('id'), col('created_by'), col('class_group_id'), col('instructions'), col('due_on'), col('minutes_per_day'), at('created_at'), at('updated_at')],
    mine: assignmentsOf },
  { file: 'practice_assignment_students.csv', table: 'practice_assignment_students', key: ['assignment_id', 'student_id'], about: 'The students of each practice assignment.',
    columns: [col('assignment_id'), col('student_id')], mine: own('student_id') },
  { file: 'practice_items.csv', table: 'practice_items', key: ['id'], about: 'The pieces of each practice assignment.',
    columns: [col('id'), col('assignment_id'), col('title'), col('artist'), col('position')],
    mine: (people) => sql`t.assignment_id in (select s.assignment_id from practice_assignment_students s where s.student_id = any(${people}))` },
  { file: 'practice_item_completions.csv', table: 'practice_item_completions', key: ['item_id', 'student_id'], about: 'Pieces a student ticked as practised.',
    columns: [col('item_id'), col('student_id'), at('completed_at')], mine: own('student_id') },
  { file: 'practice_sessions.csv', table: 'practice_sessions', key: ['id'], about: 'Time practised, from the practice timer.',
    columns: [col('id'), col('student_id'), col('timer_id'), col('practiced_on', 'the day on the school\'s clock'), col('seconds'), at('created_at')], mine: own('student_id') },
  { file: 'favourite_songs.csv', table: 'favourite_songs', key: ['id'], about: 'Students\' favourite songs.',
    columns: [col('id'), col('student_id'), col('title'), col('artist'), col('link'), at('created_at')], mine: own('student_id') },
  { file: 'courses.csv', table: 'courses', key: ['id'], about: 'The school\'s own courses (the provider\'s are not the school\'s data).',
    columns: [col('id'), col('title'), col('description'), col('genre_id'), col('level'), col('status'), col('reject_reason'), col('created_by'), col('reviewed_by'),
      at('reviewed_at'), col('cover_file_id', 'library_files.csv'), at('created_at'), at('updated_at')] },
  { file: 'course_lessons.csv', table: 'course_lessons', key: ['id'], about: 'The lessons of each course, in order.',
    columns: [col('id'), col('course_id'), col('position'), col('title'), col('body_html', 'the lesson\'s text as HTML'), col('video_url'), at('created_at'), at('updated_at')] },
  { file: 'course_lesson_files.csv', table: 'course_lesson_files', key: ['id'], about: 'Library files attached to course lessons.',
    columns: [col('id'), col('lesson_id'), col('file_id'), col('position'), at('created_at')] },
  { file: 'course_assignments.csv', table: 'course_assignments', key: ['id'], about: 'Courses assigned to students or classes/groups.',
    columns: [col('id'), col('course_id'), col('student_id'), col('class_group_id'), col('assigned_by'), at('created_at')], mine: own('student_id') },
  { file: 'course_lesson_completions.csv', table: 'course_lesson_completions', key: ['id'], about: 'Course lessons a student finished.',
    columns: [col('id'), col('lesson_id', 'course_lessons.csv'), col('student_id'), at('completed_at')], mine: own('student_id') },
  { file: 'library_files.csv', table: 'library_files', key: ['id'], about: 'Uploaded files; each one\'s bytes are in the archive at archive_path.',
    columns: [col('id'), col('owner_id', 'who uploaded it'), col('name'), col('content_type'), col('kind', 'pdf, image, audio, video or text'), col('size_bytes'),
      col('folder'), col('in_library', 'false: uploaded for one use (a course cover, a store picture)'), col('shared_with_teachers'), at('created_at'),
      col('archive_path', 'where the file is in this archive', { sql: archivePathSql('t') })],
    mine: own('owner_id') },
  { file: 'library_shares.csv', table: 'library_shares', key: ['id'], about: 'Files shared with a student or a class/group.',
    columns: [col('id'), col('file_id'), col('student_id'), col('class_group_id'), col('shared_by'), at('created_at')], mine: own('student_id') },
  { file: 'quiz_attempts.csv', table: 'quiz_attempts', key: ['id'], about: 'Students\' quiz attempts and scores.',
    columns: [col('id'), col('quiz_id'), col('student_id'), at('started_at'), at('submitted_at'), col('timed_out'), col('score'), col('total'), col('percent')],
    mine: own('student_id') },
  { file: 'ear_trainer_progress.csv', table: 'ear_trainer_progress', key: ['id'], about: 'Each student\'s ear-trainer progress per item.',
    columns: [col('id'), col('student_id'), col('item_key'), col('label'), col('repetitions'), col('interval_days'), col('ease'), at('due_at'), col('tries'), col('right'), at('updated_at')],
    mine: own('student_id') },
];

const STORE: ExportTable[] = [
  { file: 'store_products.csv', table: 'store_products', key: ['id'], about: 'The school\'s store items.',
    columns: [col('id'), col('item_name'), col('item_code'), col('price_cents'), col('shipping_cents'), col('tax_applicable'), col('stock'),
      col('image_file_id', 'library_files.csv'), col('category_id'), col('seller_id'), at('created_at'), at('archived_at')] },
  { file: 'store_orders.csv', table: 'store_orders', key: ['id'], school: storeSide,
    about: 'Orders: at the school\'s store, and by its people at the provider\'s store (store_admin_id is the store\'s owner).',
    columns: [col('id'), col('store_admin_id', 'the store\'s owner: this school, or the provider', { sql: 't.admin_id' }), col('order_number'),
      col('user_id', 'the buyer'), col('first_name'), col('last_name'), col('address1'), col('address2'), col('city'), col('state'), col('postal_code'),
      col('country'), col('phone'), col('email'), col('subtotal_cents'), col('tax_rate_bp', 'the tax rate in hundredths of a percent'), col('tax_cents'),
      col('shipping_cents'), col('grand_total_cents'), col('currency'), col('status'), col('payment_status'), col('gateway'), col('test_mode'),
      col('transaction_id', 'the payment gateway\'s number of the charge', { plain: true }), col('card_brand'), col('card_last4'), col('refunded_cents'), at('paid_at'), at('created_at'), at('updated_at')],
    mine: own('user_id') },
  { file: 'store_order_items.csv', table: 'store_order_items', key: ['id'], school: storeSide, about: 'The items of each order.',
    columns: [col('id'), col('order_id'), col('product_id'), col('item_name'), col('item_code'), col('unit_price_cents'), col('quantity'), col('line_total_cents'),
      col('tax_applicable'), col('shipping_cents'), at('created_at')], mine: ordersOf },
  { file: 'store_order_status_changes.csv', table: 'store_order_status_changes', key: ['id'], school: storeSide, about: 'Each order\'s status changes.',
    columns: [col('id'), col('order_id'), col('from_status'), col('to_status'), col('changed_by'), at('created_at')], mine: ordersOf },
];

const PAYROLL: ExportTable[] = [
  { file: 'payrolls.csv', table: 'payrolls', key: ['id'], about: 'Payrolls of a period.',
    columns: [col('id'), col('period_from'), col('period_to'), col('status', 'generated or approved'), col('teacher_ids', 'the teachers it covers'), col('created_by'),
      at('created_at'), col('approved_by'), at('approved_at')] },
  { file: 'payroll_lines.csv', table: 'payroll_lines', key: ['id'], about: 'A payroll\'s figure per teacher and lesson kind.',
    columns: [col('id'), col('payroll_id'), col('teacher_id'), col('lesson_kind'), col('lesson_count'), col('rate_cents'), col('amount_cents')] },
  { file: 'payroll_lessons.csv', table: 'payroll_lessons', key: ['id'], about: 'The lessons behind each payroll line.',
    columns: [col('id'), col('payroll_id'), col('line_id'), col('lesson_id'), at('starts_at'), col('lesson_type_name'), col('reason', 'held, no_show or late_cancellation'), col('paid')] },
  { file: 'payroll_adjustments.csv', table: 'payroll_adjustments', key: ['id'], about: 'Bonuses and deductions.',
    columns: [col('id'), col('payroll_id'), col('teacher_id'), col('kind', 'bonus or deduction'), col('amount_cents'), col('reason'), col('created_by'), at('created_at')] },
];

const COMMUNICATION: ExportTable[] = [
  { file: 'group_emails.csv', table: 'group_emails', key: ['id'], about: 'Group emails sent by the school.',
    columns: [col('id'), col('sender_id'), col('subject'), col('html_body', 'the message as HTML'), col('audience', 'JSON: whom it was sent to'),
      col('recipient_count'), col('unsubscribed_count'), at('created_at')] },
  { file: 'communication_log.csv', table: 'email_messages', key: ['id'], about: 'Every email the school sent (the communication log); bodies are left out, as they carry personal sign-in and pay links.',
    columns: [col('id'), col('user_id', 'the recipient'), col('kind', 'what the email was (an invoice, a reminder, a group email...)'), col('to_address'), col('subject'),
      col('group_email_id'), col('status', 'whether it left: pending, sent or failed'), at('sent_at'), at('created_at')],
    mine: own('user_id') },
  { file: 'notifications.csv', table: 'notifications', key: ['id'], about: 'In-app notifications.',
    columns: [col('id'), col('user_id'), col('kind'), col('title'), col('body'), col('link'), at('read_at'), col('count', 'how many events it stands for'), at('created_at')],
    mine: own('user_id') },
  { file: 'chat_messages.csv', table: 'chat_messages', key: ['id'], about: 'Chat messages.',
    columns: [col('id'), col('sender_id'), col('receiver_id'), col('body'), at('read_at'), at('created_at')], mine: either('sender_id', 'receiver_id') },
  { file: 'email_unsubscribes.csv', table: 'email_unsubscribes', key: ['id'], about: 'People who unsubscribed from group emails.',
    columns: [col('id'), col('user_id'), at('created_at')], mine: own('user_id') },
];

export const EXPORT_TABLES: readonly ExportTable[] = [...PEOPLE, ...SCHEDULING, ...BILLING, ...LEARNING, ...STORE, ...PAYROLL, ...COMMUNICATION];

/** The tables of one scope's export: all of them for the school, those with a `mine` rule for a family. */
export const exportTablesOf = (scope: 'school' | 'mine') => EXPORT_TABLES.filter((table) => scope === 'school' || table.mine !== undefined);

/**
 * Where an uploaded file sits in the archive: `files/<id>/<its name>`, the name's characters
 * outside a safe few turned to `_` (no folders, no `..`, nothing a system refuses in a name).
 */
export function archivePathSql(alias: string): string {
  const safe = `regexp_replace(regexp_replace(${alias}.name, '[^A-Za-z0-9 ._()-]', '_', 'g'), '^[. ]', '_')`;
  return `'files/' || ${alias}.id::text || '/' || coalesce(nullif(left(${safe}, 150), ''), 'file')`;
}
