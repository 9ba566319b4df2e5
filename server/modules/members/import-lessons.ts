import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/http-errors.js';
import { recordActivity } from '../activities/index.js';
import { addLesson, loadSchoolSchedule, privateLessonTypes, seriesKey, seriesKeysOf } from '../scheduling/index.js';
import { lessonForm, type LessonFormValues } from '../../../shared/contracts/scheduling.js';
import type { ImportPreview } from '../../../shared/contracts/members.js';
import { schoolOf } from './add-member.js';
import type { MemberContext } from './context.js';
import { presentPreview } from './import-preview.js';
import { firstErrors, lower, type ImportFile, type ImportRecord, type JudgedRow } from './import-rows.js';
import { WEEKDAY_NAMES, firstOnWeekday, readDate, readMinutes, readTime, readWeekday, weekdayOf } from './import-lesson-values.js';

export const LESSON_IMPORT_MESSAGES = {
  noStudent: (by: 'email' | 'name') => `No active student of this school has this ${by}`,
  noTeacher: (by: 'email' | 'name') => `No active teacher of this school has this ${by}`,
  sameName: (who: 'students' | 'teachers') => `More than one of the school's ${who} has this name; give the email instead`,
  studentRequired: 'Student is Required',
  teacherRequired: 'Teacher is Required',
  badWeekday: 'Please write a day of the week, such as Monday',
  badDate: 'Please enter a date as YYYY-MM-DD or MM/DD/YYYY',
  noLessonType: (names: string[]) => `Please name a private lesson type of the school: ${names.join(', ')}`,
} as const;
const M = LESSON_IMPORT_MESSAGES;

type Person = { id: string; name: string; email: string };
type People = { byEmail: Map<string, Person>; byName: Map<string, Person[]> };
const nameKey = (name: string) => lower(name.trim().replace(/\s+/g, ' '));

/** A lessons file's row as read and judged; `input` is the lesson form's values when it can be booked. */
type LessonRow = JudgedRow & { input?: LessonFormValues; key?: string };

/** The lesson form's fields → the file's columns, for a row's errors in words (decision 095). */
const COLUMN_OF_FIELD: Record<string, string> = {
  teacherId: 'teacher', studentIds: 'student', lessonTypeId: 'lesson_type', date: 'first_date', startTime: 'start_time',
  durationMinutes: 'duration', untilDate: 'end_date',
};
const columnsOf = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [COLUMN_OF_FIELD[field] ?? 'row', message]));

/** The school's active students and teachers (a private teacher is their school's one teacher), by email and by full name. */
async function peopleOf(tx: Tx, adminId: string): Promise<{ students: People; teachers: People }> {
  const rows = await tx.select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.status, true), or(
      and(eq(users.adminId, adminId), inArray(users.role, ['student', 'teacher'])),
      and(eq(users.id, adminId), eq(users.addrole, 'Private teacher')),
    )));
  const index = (list: typeof rows): People => {
    const people: People = { byEmail: new Map(), byName: new Map() };
    for (const r of list) {
      const person = { id: r.id, name: `${r.first} ${r.last}`, email: r.email ?? '' };
      if (r.email) people.byEmail.set(lower(r.email), person);
      const key = nameKey(person.name);
      people.byName.set(key, [...(people.byName.get(key) ?? []), person]);
    }
    return people;
  };
  return { students: index(rows.filter((r) => r.role === 'student')), teachers: index(rows.filter((r) => r.role !== 'student')) };
}

/** A cell naming a person by email or by "First Last": the person, or what is wrong. */
function match(text: string, people: People, who: 'students' | 'teachers'): Person | string {
  if (!text) return who === 'students' ? M.studentRequired : M.teacherRequired;
  const noOne = who === 'students' ? M.noStudent : M.noTeacher;
  if (text.includes('@')) return people.byEmail.get(lower(text)) ?? noOne('email');
  const found = people.byName.get(nameKey(text)) ?? [];
  if (found.length > 1) return M.sameName(who);
  return found[0] ?? noOne('name');
}

type Calendar = { people: Awaited<ReturnType<typeof peopleOf>>; types: { id: string; name: string }[] };

/** One row through the lesson form's zod schema, as a weekly lesson from its first date (decision 099). */
function judgeRow({ line, values: v }: ImportRecord, { people, types }: Calendar): LessonRow {
  const errors: Record<string, string> = {};
  const student = match(v.student, people.students, 'students');
  const teacher = match(v.teacher, people.teachers, 'teachers');
  if (typeof student === 'string') errors.student = student;
  if (typeof teacher === 'string') errors.teacher = teacher;
  const weekday = v.weekday ? readWeekday(v.weekday) : null;
  if (v.weekday && !weekday) errors.weekday = M.badWeekday;
  const given = readDate(v.first_date);
  if (v.first_date && !given) errors.first_date = M.badDate;
  const endDate = v.end_date ? readDate(v.end_date) : null;
  if (v.end_date && !endDate) errors.end_date = M.badDate;
  const type = v.lesson_type ? types.find((t) => lower(t.name) === lower(v.lesson_type)) : types.length === 1 ? types[0] : undefined;
  if (!type) errors.lesson_type = M.noLessonType(types.map((t) => t.name));

  // A series starts on its own weekday: the first of them on or after the file's first date.
  const date = given && weekday ? firstOnWeekday(given, weekday) : (given ?? v.first_date);
  const parsed = lessonForm.safeParse({
    teacherId: typeof teacher === 'string' ? '' : teacher.id, studentIds: typeof student === 'string' ? [] : [student.id], lessonTypeId: type?.id ?? '',
    date, startTime: readTime(v.start_time), durationMinutes: readMinutes(v.duration),
    repeat: 'weekly', ends: endDate ? 'until' : 'never', untilDate: endDate,
  });
  if (!parsed.success) for (const [column, message] of Object.entries(columnsOf(firstErrors(parsed.error.issues)))) errors[column] ??= message;
  const named = typeof student === 'string'
    ? { first_name: v.student, last_name: '', email: '' }
    : { first_name: student.name, last_name: '', email: student.email };
  const row: LessonRow = { line, ...named, parentEmail: '', errors };
  if (!parsed.success || typeof teacher === 'string' || Object.keys(errors).length > 0) return row;
  const l = parsed.data;
  const lesson = `${WEEKDAY_NAMES[weekdayOf(l.date) - 1]}s at ${l.startTime}, ${l.durationMinutes} minutes, with ${teacher.name}, from ${l.date}`
    + (l.untilDate ? ` to ${l.untilDate}` : '');
  return { ...row, lesson, input: l, key: seriesKey(l.teacherId, l.studentIds[0]!, `${l.date}T${l.startTime}`) };
}

/**
 * Books every ready row through addLesson, the calendar's one create-lesson rule, each in a
 * savepoint of the request's transaction: a row it refuses (a clash, a closed rule) is undone
 * alone and becomes that row's error; later rows see the earlier ones, so the file's own clashes
 * show. A lesson already on the calendar (or earlier in the file) is skipped (decision 099).
 */
async function bookRows(tx: Tx, ctx: MemberContext, file: ImportFile): Promise<LessonRow[]> {
  const adminId = schoolOf(ctx);
  await loadSchoolSchedule(tx, adminId); // a school's first scheduling call makes its lesson types
  const calendar: Calendar = { people: await peopleOf(tx, adminId), types: await privateLessonTypes(tx, adminId) };
  const rows = file.records.map((r) => judgeRow(r, calendar));
  const known = await seriesKeysOf(tx, adminId, [...new Set(rows.flatMap((r) => (r.input ? [r.input.teacherId] : [])))]);
  for (const row of rows) {
    if (!row.input || !row.key) continue;
    if (known.has(row.key)) {
      Object.assign(row, { skipped: true, input: undefined });
      continue;
    }
    await tx.execute(sql`savepoint lesson_import_row`);
    try {
      await addLesson(tx, ctx.actor, row.input, ctx.now);
      await tx.execute(sql`release savepoint lesson_import_row`);
      known.add(row.key);
    } catch (error) {
      await tx.execute(sql`rollback to savepoint lesson_import_row`);
      if (!(error instanceof AppError)) throw error;
      row.errors = columnsOf(error.errors ?? { row: error.message });
      row.input = undefined;
    }
  }
  return rows;
}

/** Every row with its errors, as the import would book it; nothing is kept (the savepoint is rolled back). */
export async function previewLessonImport(tx: Tx, ctx: MemberContext, file: ImportFile): Promise<ImportPreview> {
  await tx.execute(sql`savepoint lesson_import_preview`);
  try {
    return presentPreview(await bookRows(tx, ctx, file), file, (r) => Boolean(r.input));
  } finally {
    await tx.execute(sql`rollback to savepoint lesson_import_preview`);
  }
}

/** Books the ready rows in the request's one transaction; answers how many weekly lessons were added. */
export async function importLessons(tx: Tx, ctx: MemberContext, file: ImportFile): Promise<number> {
  const count = (await bookRows(tx, ctx, file)).filter((r) => r.input).length;
  if (count > 0) await recordActivity(tx, { adminId: schoolOf(ctx), actorId: ctx.actor.accountableId, action: 'lesson.imported', ip: ctx.actor.ip, meta: { count } });
  return count;
}
