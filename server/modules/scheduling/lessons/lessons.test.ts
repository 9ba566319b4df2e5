import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEFORE_THE_TESTS_LESSONS, schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow } from '../../../test/settable-clock.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
});
afterAll(() => w.t.close());

const window = (start: string, end: string, extra: Record<string, unknown> = {}) => ({ start, end, ...extra });

describe('lessons on the calendar', () => {
  it('creates a weekly series and shows it on the weekly calendar in the school zone', async () => {
    const made = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private));
    expect(made.count).toBe(12);
    const week = await w.api.ok('/getEvents', w.tok.admin, window('2027-01-03T00:00:00-05:00', '2027-01-10T00:00:00-05:00'));
    expect(week.timeZone).toBe('America/New_York');
    expect(week.results).toHaveLength(1);
    const [event] = week.results;
    expect(event.start).toBe('2027-01-04T16:00:00-05:00');
    expect(event.end).toBe('2027-01-04T16:30:00-05:00');
    expect(event.lesson_type.name).toBe('Private Lesson');
    expect(event.studentAttendance.map((s: { studId: { _id: string } }) => s.studId._id)).toEqual([w.a.student.id]);
    expect(event).toMatchObject({ detail: true, canEdit: true, seriesId: made.seriesId, assignedId: { cancelLesson: false, bankLesson: false } });
  });

  it('keeps 4 pm at 4 pm after the March change', async () => {
    const march = await w.api.ok('/getEvents', w.tok.admin, window('2027-03-14T00:00:00-05:00', '2027-03-21T00:00:00-04:00'));
    expect(march.results.map((e: { start: string }) => e.start)).toEqual(['2027-03-15T16:00:00-04:00']);
  });

  it('refuses a clash with the teacher, naming it', async () => {
    const res = await w.api.call('/addLesson', w.tok.admin, { ...weeklyLesson(w.a, w.types.private, { studentIds: [w.a.otherStudent.id] }), date: '2027-01-11', startTime: '16:15', repeat: 'none' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already has a lesson on Mon 11 Jan 2027, 4:00 PM/);
    expect(res.body.errors).toHaveProperty('teacherId');
  });

  it('shows a teacher only their lessons, and a student and a parent theirs, with the teacher but no students', async () => {
    const teacherWeek = await w.api.ok('/getEvents', w.tok.teacher, window('2027-01-03T00:00:00-05:00', '2027-01-10T00:00:00-05:00'));
    expect(teacherWeek.results).toHaveLength(1);
    for (const who of ['student', 'parent'] as const) {
      const week = await w.api.ok('/getEvents', w.tok[who], window('2027-01-03T00:00:00-05:00', '2027-01-10T00:00:00-05:00'));
      expect(week.results).toHaveLength(1);
      expect(week.results[0]).toMatchObject({
        detail: false, teacher: { _id: w.a.teacher.id, first_name: 'Teacher', last_name: 'Tester' }, studentAttendance: [], title: 'Private Lesson', canEdit: false, canCancel: true,
      });
      expect(week.canCreate).toBe(false);
    }
    const other = await w.api.ok('/getEvents', w.tokB.admin, window('2027-01-03T00:00:00-05:00', '2027-01-10T00:00:00-05:00'));
    expect(other.results).toHaveLength(0);
  });

  it('moves one occurrence, then this and following, without touching earlier lessons', async () => {
    const jan = await w.api.ok('/getEvents', w.tok.admin, window('2027-01-10T00:00:00-05:00', '2027-01-24T00:00:00-05:00'));
    const [second, third] = jan.results;
    await w.api.ok('/moveLesson', w.tok.admin, { id: second._id, scope: 'this', date: '2027-01-12', startTime: '17:00' });
    await w.api.ok('/moveLesson', w.tok.admin, { id: third._id, scope: 'following', date: '2027-01-20', startTime: '15:00' });
    const early = await w.api.ok('/getEvents', w.tok.admin, window('2027-01-03T00:00:00-05:00', '2027-02-15T00:00:00-05:00'));
    const late = await w.api.ok('/getEvents', w.tok.admin, window('2027-02-15T00:00:00-05:00', '2027-04-15T00:00:00-04:00'));
    const starts = early.results.map((e: { start: string }) => e.start);
    expect(starts.slice(0, 4)).toEqual(['2027-01-04T16:00:00-05:00', '2027-01-12T17:00:00-05:00', '2027-01-20T15:00:00-05:00', '2027-01-27T15:00:00-05:00']);
    // The count of 12 carries over: 2 before the split, 10 from it (the last on 24 March, after the change to summer time).
    expect(early.results.length + late.results.length).toBe(12);
    expect(late.results.at(-1).start).toBe('2027-03-24T15:00:00-04:00');
  });

  it('answers 401 without a session, 404 for another school’s lesson, 400 with messages', async () => {
    expect((await w.api.call('/getEvents', undefined, window('2027-01-03T00:00:00Z', '2027-01-10T00:00:00Z'))).status).toBe(401);
    const week = await w.api.ok('/getEvents', w.tok.admin, window('2027-01-03T00:00:00-05:00', '2027-01-10T00:00:00-05:00'));
    const id = week.results[0]._id;
    expect((await w.api.call('/getLesson', w.tokB.admin, { id })).status).toBe(404);
    expect((await w.api.call('/moveLesson', w.tokB.admin, { id, date: '2027-01-05', startTime: '10:00' })).status).toBe(404);
    const bad = await w.api.call('/addLesson', w.tok.admin, { ...weeklyLesson(w.a, w.types.private), startTime: '25:00', ends: 'until', untilDate: null });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ startTime: 'Please enter a time as HH:mm', untilDate: 'End date is Required' });
    expect((await w.api.call('/addLesson', w.tok.student, weeklyLesson(w.a, w.types.private))).status).toBe(403);
    expect((await w.api.call('/moveLesson', w.tok.student, { id, date: '2027-01-05', startTime: '10:00' })).status).toBe(403);
  });
});
