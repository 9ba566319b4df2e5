import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.js';
import type { TestSchool } from '../../test/factories.js';
import { lessons, lessonSeries, schools } from '../../db/schema/index.js';
import { memberCalls, membersWorld, tokensOf, type Tokens } from './test-kit.js';

// Weekly lessons moving in (decision 099): the people's import file and preview, the calendar's one add-lesson rule.
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;

beforeAll(async () => {
  ({ t, api, a, b, tok } = await membersWorld());
  // A zone with a clock change inside the file's first weeks: 14 March 2027.
  await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ timeZone: 'America/New_York' }).where(eq(schools.adminId, a.adminId)));
});
afterAll(() => t.close());

const TB_HEADER = 'Student,Tutor,Day,Start Time,Duration (Minutes),Start Date,End Date,Category';
const tutorbird = (...rows: string[]) => [TB_HEADER, ...rows].join('\r\n');
const preview = (token: string, body: Record<string, unknown>) => api.call('POST', '/lessons/import/preview', token, body);
const run = (token: string, body: Record<string, unknown>) => api.call('POST', '/lessons/import', token, body);
const seriesOf = (teacherId: string) => t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(lessonSeries).where(eq(lessonSeries.teacherId, teacherId)).orderBy(asc(lessonSeries.startsLocal)));
const startsOf = (seriesId: string) => t.db.transaction({ kind: 'all' }, async (tx) =>
  (await tx.select({ at: lessons.startsAt }).from(lessons).where(eq(lessons.seriesId, seriesId)).orderBy(asc(lessons.startsAt))).map((l) => l.at.toISOString()));

describe('importing a TutorBird lessons export', () => {
  let csv = '';
  beforeAll(() => {
    csv = tutorbird(
      `${a.student.email},${a.teacher.email},Monday,4:00 PM,30,2027-03-01,,`,
      `${a.otherStudent.email},Teacher Tester,Tue,16:00,45,3/1/2027,6/29/2027,Private Lesson`,
      `${b.student.email},${a.teacher.email},Wednesday,16:00,30,2027-03-03,,`,
      `${a.otherStudent.email},${a.teacher.email},Monday,16:15,30,2027-03-01,,`,
      `Student Tester,${a.teacher.email},Friday,25:00,30,2027-03-05,,`,
      `${a.student.email},${a.teacher.email},Funday,16:00,30,2027-03-01,,`,
      `${a.student.email},${a.teacher.email},Thursday,16:00,30,2027-03-04,,Piano Party`,
    );
  });

  it('previews every row with its errors in words, and books nothing', async () => {
    const res = await preview(tok.admin, { csv, source: 'tutorbird' });
    expect(res.status).toBe(200);
    const { rows, validCount, errorCount, skippedCount } = res.body.data;
    expect({ validCount, errorCount, skippedCount }).toEqual({ validCount: 2, errorCount: 5, skippedCount: 0 });
    expect(rows[0]).toMatchObject({ line: 2, email: a.student.email, problems: [], lesson: 'Mondays at 16:00, 30 minutes, with Teacher Tester, from 2027-03-01' });
    // A weekday after the first date: the series starts on the first Tuesday from it.
    expect(rows[1].lesson).toBe('Tuesdays at 16:00, 45 minutes, with Teacher Tester, from 2027-03-02 to 2027-06-29');
    // Another school's student is not there; the second row for the same teacher clashes with the first.
    expect(rows[2].problems).toEqual(['Student: No active student of this school has this email']);
    expect(rows[3].problems).toEqual(['Tutor: Teacher Tester already has a lesson on Mon 1 Mar 2027, 4:00 PM']);
    expect(rows[4].problems).toEqual([
      "Student: More than one of the school's students has this name; give the email instead",
      'Start Time: Please enter a time as HH:mm',
    ]);
    expect(rows[5].problems).toEqual(['Day: Please write a day of the week, such as Monday']);
    expect(rows[6].problems).toEqual(['Category: Please name a private lesson type of the school: Private Lesson']);
    expect(await seriesOf(a.teacher.id)).toEqual([]);
  });

  it('books the ready rows on the school clock across the change to summer time, and nothing twice', async () => {
    const res = await run(tok.subadmin, { csv, source: 'tutorbird' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 lessons imported successfully');
    const [monday, tuesday] = await seriesOf(a.teacher.id);
    expect(monday).toMatchObject({ startsLocal: '2027-03-01T16:00', durationMinutes: 30, timeZone: 'America/New_York' });
    expect(tuesday).toMatchObject({ startsLocal: '2027-03-02T16:00', durationMinutes: 45 });
    // 4 pm in New York: 21:00 UTC in winter, 20:00 UTC from 14 March.
    expect((await startsOf(monday!.id)).slice(0, 3)).toEqual(['2027-03-01T21:00:00.000Z', '2027-03-08T21:00:00.000Z', '2027-03-15T20:00:00.000Z']);
    expect((await startsOf(tuesday!.id)).at(-1)).toBe('2027-06-29T20:00:00.000Z');

    const again = await preview(tok.admin, { csv, source: 'tutorbird' });
    expect(again.body.data).toMatchObject({ validCount: 0, skippedCount: 2, errorCount: 5 });
    expect(again.body.data.rows[0]).toMatchObject({ skipped: true, problems: [] });
    expect((await run(tok.admin, { csv, source: 'tutorbird' })).body.data).toEqual({ count: 0 });
    expect(await seriesOf(a.teacher.id)).toHaveLength(2);
  });

  it("reads a file of our own columns, and lets another school's admin match only their own people", async () => {
    const own = `student,teacher,weekday,start_time,duration,first_date\n${a.student.email},${a.teacher.email},Wednesday,09:00,30,2027-03-03\n`;
    const theirs = await preview(await tokensOf(t, b).then((x) => x.admin), { csv: own });
    expect(theirs.body.data.rows[0].problems).toEqual([
      'Student: No active student of this school has this email', 'Teacher: No active teacher of this school has this email',
    ]);
    const ours = await preview(tok.admin, { csv: own });
    expect(ours.body.data).toMatchObject({ validCount: 1, errorCount: 0 });
  });

  it('refuses a file without the needed columns, a mapping without them, and people without the right', async () => {
    const bad = await preview(tok.admin, { csv: 'student,teacher\nx,y\n' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.csv).toBe('The file needs a header row with the columns student, teacher, start_time, duration, first_date');
    const unmapped = await preview(tok.admin, { csv, source: 'custom', mapping: { student: 'Student' } });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.errors?.mapping).toBe('Choose the columns of the student, the teacher, the start time, the duration and the first date');
    for (const who of ['teacher', 'parent', 'student'] as const) {
      expect((await preview(tok[who], { csv, source: 'tutorbird' })).status).toBe(403);
      expect((await run(tok[who], { csv, source: 'tutorbird' })).status).toBe(403);
    }
  });
});
