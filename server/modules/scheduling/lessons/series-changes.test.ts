import { and, eq, gte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classGroupStudents, lessons, lessonSeries, lessonStudents, users } from '../../../db/schema/index.js';
import { extendSeriesHorizon, HORIZON_DAYS } from './materialize-series.js';
import { createUser } from '../../../test/factories.js';
import { sessionToken } from '../../../test/test-app.js';
import { BEFORE_THE_TESTS_LESSONS, schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow } from '../../../test/settable-clock.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
});
afterAll(() => w.t.close());

const range = (start: string, end: string) => ({ start, end });
type Ev = {
  _id: string; start: string; title: string; attendanceTaken: boolean; studentAttendance: { status: string | null }[];
  assignedId: { cancelLesson: boolean; cancelReason: string | null };
};

async function week(token: string, start: string, end: string): Promise<Ev[]> {
  return (await w.api.ok('/getEvents', token, range(start, end))).results;
}

/** Marks attendance as a past lesson would have it (takeAttendance refuses future lessons). */
async function markPresent(lessonId: string, studentId: string) {
  await w.t.db.transaction({ kind: 'all' }, async (tx) => {
    await tx.update(lessonStudents).set({ attendance: 'present', markedAt: new Date() }).where(and(eq(lessonStudents.lessonId, lessonId), eq(lessonStudents.studentId, studentId)));
    await tx.update(lessons).set({ attendanceTakenAt: new Date() }).where(eq(lessons.id, lessonId));
  });
}

describe('changing a series', () => {
  it('"this and following" from an earlier lesson keeps the attendance taken after it', async () => {
    const made = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { date: '2027-05-03', count: 6 }));
    const before = await week(w.tok.admin, '2027-05-01T00:00:00-04:00', '2027-06-15T00:00:00-04:00');
    expect(before).toHaveLength(6);
    await markPresent(before[2]!._id, w.a.student.id);
    await w.api.ok('/updateLesson', w.tok.admin, {
      id: before[1]!._id, scope: 'following', teacherId: w.a.teacher.id, lessonTypeId: w.types.private, studentIds: [w.a.student.id],
      date: '2027-05-10', startTime: '18:00', durationMinutes: 45,
    });
    const after = await week(w.tok.admin, '2027-05-01T00:00:00-04:00', '2027-06-15T00:00:00-04:00');
    const kept = after.find((e) => e._id === before[2]!._id)!;
    expect(kept).toMatchObject({ attendanceTaken: true, start: before[2]!.start });
    expect(kept.studentAttendance[0]!.status).toBe('present');
    // The new series skips no date but the kept lesson sits beside it; earlier lessons stay.
    expect(after[0]!.start).toBe('2027-05-03T16:00:00-04:00');
    expect(after.filter((e) => e.start.endsWith('18:00:00-04:00')).length).toBeGreaterThanOrEqual(4);
    expect(made.seriesId).toBeTruthy();
    // The kept lesson took its rank in the new series: no doubled week.
    const weeks = after.map((e) => e.start.slice(0, 10));
    expect(after).toHaveLength(6);
    expect(new Set(after.map((e) => DateTime.fromISO(e.start).weekNumber)).size).toBe(6);
    expect(weeks).toContain(before[2]!.start.slice(0, 10));
  });

  it('"this and following" over a banked closure day gives one credit, not two', async () => {
    await w.api.ok('/holiday/add', w.tok.admin, { name: 'Inset Day', startsOn: '2027-11-15', endsOn: '2027-11-15', bankLessons: true });
    await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { date: '2027-11-01', startTime: '13:00', count: 4 }));
    const [first] = await week(w.tok.admin, '2027-11-01T00:00:00-04:00', '2027-11-02T00:00:00-04:00');
    await w.api.ok('/updateLesson', w.tok.admin, {
      id: first!._id, scope: 'following', teacherId: w.a.teacher.id, lessonTypeId: w.types.private, studentIds: [w.a.student.id],
      date: '2027-11-01', startTime: '13:00', durationMinutes: 50,
    });
    const month = await week(w.tok.admin, '2027-11-01T00:00:00-04:00', '2027-11-30T00:00:00-05:00');
    expect(month.filter((e) => e.start.includes('T13:00'))).toHaveLength(4);
    const credits = await w.api.ok('/getCredits', w.tok.admin, { status: 'all', studentId: w.a.student.id });
    expect(credits.results.filter((c: { lesson: { start: string } }) => c.lesson.start.startsWith('2027-11-15'))).toHaveLength(1);
  });

  it('deletes one lesson, refuses one with attendance, and ends a series from a lesson on', async () => {
    await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { date: '2027-08-02', startTime: '09:00', count: 5 }));
    const all = await week(w.tok.admin, '2027-08-01T00:00:00-04:00', '2027-09-10T00:00:00-04:00');
    expect(all).toHaveLength(5);
    await markPresent(all[0]!._id, w.a.student.id);
    const refused = await w.api.call('/deleteLesson', w.tok.admin, { id: all[0]!._id, scope: 'this' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A lesson with attendance taken cannot be deleted; cancel it instead');
    await w.api.ok('/deleteLesson', w.tok.admin, { id: all[1]!._id, scope: 'this' });
    const ended = await w.api.ok('/deleteLesson', w.tok.admin, { id: all[2]!._id, scope: 'following' });
    expect(ended.deleted).toBe(3);
    expect((await week(w.tok.admin, '2027-08-01T00:00:00-04:00', '2027-09-10T00:00:00-04:00')).map((e) => e._id)).toEqual([all[0]!._id]);
  });

  it('lets a teacher schedule only their own lessons, and refuses a group member’s clash', async () => {
    const other = await createUser(w.t.db, 'teacher', w.a.adminId);
    const res = await w.api.call('/addLesson', w.tok.teacher, weeklyLesson(w.a, w.types.private, { teacherId: other.id, repeat: 'none', date: '2027-10-04' }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Teachers schedule their own lessons only');

    await w.t.db.transaction({ kind: 'all' }, (tx) => tx.insert(classGroupStudents).values({ adminId: w.a.adminId, classGroupId: w.a.classGroupId, studentId: w.a.otherStudent.id }));
    await w.api.ok('/addLesson', w.tok.teacher, {
      teacherId: w.a.teacher.id, lessonTypeId: w.types.group, classGroupId: w.a.classGroupId, date: '2027-10-05', startTime: '10:00', durationMinutes: 60,
    });
    const clash = await w.api.call('/addLesson', w.tok.admin, {
      teacherId: other.id, lessonTypeId: w.types.private, studentIds: [w.a.otherStudent.id], date: '2027-10-05', startTime: '10:30', durationMinutes: 30,
    });
    expect(clash.status).toBe(409);
    const [student] = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.id, w.a.otherStudent.id)));
    expect(clash.body.message).toBe(`${student!.firstName} ${student!.lastName} already has a lesson on Tue 5 Oct 2027, 10:00 AM`);
    const groupWeek = await week(w.tok.admin, '2027-10-04T00:00:00-04:00', '2027-10-11T00:00:00-04:00');
    expect(groupWeek.find((e) => e.title === 'Test Ensemble – Group Class')).toBeTruthy();
    // A member of the group sees it on their calendar, by type only.
    const mine = await week(await sessionToken(w.t, w.a.otherStudent.id), '2027-10-04T00:00:00-04:00', '2027-10-11T00:00:00-04:00');
    expect(mine.map((e) => e.title)).toEqual(['Group Class']);
  });

  it('shows names in login-as by the calendar detail rule (docs/domains/scheduling.md)', async () => {
    const superadmin = await createUser(w.t.db, 'superadmin', null);
    const window = ['2027-10-04T00:00:00-04:00', '2027-10-11T00:00:00-04:00'] as const;
    const asTeacherBySuper = await week(await sessionToken(w.t, w.a.teacher.id, { actorUserId: superadmin.id }), ...window);
    expect(asTeacherBySuper[0]!.title).toBe('Test Ensemble – Group Class');
    const asTeacherByAdmin = await week(await sessionToken(w.t, w.a.teacher.id, { actorUserId: w.a.admin.id }), ...window);
    expect(asTeacherByAdmin[0]!.title).toBe('Group Class');
    const asSubadminByAdmin = await week(await sessionToken(w.t, w.a.subadmin.id, { actorUserId: w.a.admin.id }), ...window);
    expect(asSubadminByAdmin[0]!.title).toBe('Test Ensemble – Group Class');
    const superadminAlone = await w.api.call('/getEvents', await sessionToken(w.t, superadmin.id), range(...window));
    expect(superadminAlone.status).toBe(403);
  });

  it('skips a closure day when it makes a series, and the extend job keeps an open series to the horizon', async () => {
    await w.api.ok('/holiday/add', w.tok.admin, { name: 'Spring Break', startsOn: '2028-03-13', endsOn: '2028-03-17', bankLessons: false });
    const made = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { date: '2028-03-06', startTime: '11:00', ends: 'never', count: null }));
    const march = await week(w.tok.admin, '2028-03-05T00:00:00-05:00', '2028-03-26T00:00:00-04:00');
    expect(march.map((e) => [e.start, e.assignedId.cancelLesson, e.assignedId.cancelReason])).toEqual([
      ['2028-03-06T11:00:00-05:00', false, null],
      ['2028-03-13T11:00:00-04:00', true, 'Holiday: Spring Break'],
      ['2028-03-20T11:00:00-04:00', false, null],
    ]);
    // As if the series had been made long ago: its rows stop in a month's time.
    const now = new Date('2028-03-01T00:00:00Z');
    const cut = new Date('2028-04-01T00:00:00Z');
    await w.t.db.transaction({ kind: 'all' }, async (tx) => {
      await tx.delete(lessons).where(and(eq(lessons.seriesId, made.seriesId), gte(lessons.startsAt, cut)));
      await tx.update(lessonSeries).set({ materializedUntil: cut }).where(eq(lessonSeries.id, made.seriesId));
    });
    const extended = await extendSeriesHorizon(w.t.db, now);
    expect(extended).toBeGreaterThanOrEqual(1);
    const rows = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessons).where(eq(lessons.seriesId, made.seriesId)));
    const last = Math.max(...rows.map((r) => r.startsAt.getTime()));
    expect(last).toBeGreaterThan(now.getTime() + (HORIZON_DAYS - 8) * 86_400_000);
    expect(new Set(rows.map((r) => r.occurrenceStart!.getTime())).size).toBe(rows.length);
  });
});
