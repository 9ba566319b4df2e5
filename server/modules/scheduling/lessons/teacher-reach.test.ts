import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classGroups, lessons } from '../../../db/schema/index.js';
import { createUser } from '../../../test/factories.js';
import { sessionToken } from '../../../test/test-app.js';
import { BEFORE_THE_TESTS_LESSONS, schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow, type SettableClock } from '../../../test/settable-clock.js';
import { SCHEDULING_MESSAGES as M } from '../../../../shared/contracts/scheduling.js';

/**
 * Issue 9's security fixes: a teacher books, edits and records attendance only for their own
 * students and classes/groups (decision 016), and back-dates no further than the school allows.
 */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
let otherGroupId: string;
let otherTeacherToken: string;
let otherTeacherId: string;

let clock: SettableClock;
/** A date some days from the school's now (its zone is UTC here). */
const daysFromNow = (days: number) => DateTime.fromJSDate(clock.now(w.a.adminId), { zone: 'utc' }).plus({ days }).toISODate()!;
const oneOff = (extra: Record<string, unknown>) => ({ ...weeklyLesson(w.a, w.types.private), repeat: 'none', ...extra });

beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'UTC');
  clock = setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
  const otherTeacher = await createUser(w.t.db, 'teacher', w.a.adminId);
  otherTeacherId = otherTeacher.id;
  otherTeacherToken = await sessionToken(w.t, otherTeacher.id);
  const [g] = await w.t.db.transaction({ kind: 'all' }, (tx) =>
    tx.insert(classGroups).values({ adminId: w.a.adminId, name: 'Other Ensemble', teacherId: otherTeacher.id }).returning());
  otherGroupId = g!.id;
});
afterAll(() => w.t.close());

describe('a teacher reaches only their own students', () => {
  it('books their own student, and refuses another teacher’s student or class/group (403), saving nothing', async () => {
    await w.api.ok('/addLesson', w.tok.teacher, oneOff({ date: '2027-02-01' }));
    const stranger = await w.api.call('/addLesson', w.tok.teacher, oneOff({ date: '2027-02-02', studentIds: [w.a.otherStudent.id] }));
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(M.onlyOwnStudents);
    const group = await w.api.call('/addLesson', w.tok.teacher, oneOff({ date: '2027-02-03', lessonTypeId: w.types.group, studentIds: [], classGroupId: otherGroupId }));
    expect(group.status).toBe(403);
    const count = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessons).where(eq(lessons.adminId, w.a.adminId)));
    expect(count).toHaveLength(1);
    // Staff book anyone of the school (a lesson makes them that teacher's student); another school's student is not found here.
    await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-02-02', studentIds: [w.a.otherStudent.id], teacherId: otherTeacherId }));
    expect((await w.api.call('/addLesson', w.tok.teacher, oneOff({ date: '2027-02-04', studentIds: [w.b.student.id] }))).status).toBe(400);
  });

  it('cannot edit their own lesson over to another teacher’s student', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.teacher, oneOff({ date: '2027-03-01' }));
    const res = await w.api.call('/updateLesson', w.tok.teacher, { ...oneOff({ date: '2027-03-01', studentIds: [w.a.otherStudent.id] }), id: _id, scope: 'this' });
    expect(res.status).toBe(403);
    const detail = await w.api.ok('/getLesson', w.tok.admin, { id: _id });
    expect(detail.studentAttendance.map((s: { studId: { _id: string } }) => s.studId._id)).toEqual([w.a.student.id]);
  });

  it('cannot book another teacher’s student yesterday and record their attendance', async () => {
    const res = await w.api.call('/addLesson', w.tok.teacher, oneOff({ date: daysFromNow(-1), studentIds: [w.a.otherStudent.id] }));
    expect(res.status).toBe(403);
    // And another teacher's lesson is not on their calendar to mark.
    const theirs = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: daysFromNow(-2), startTime: '09:00', studentIds: [w.a.otherStudent.id], teacherId: otherTeacherId }));
    const mark = await w.api.call('/takeAttendance', w.tok.teacher, { lessonId: theirs._id, attendance: [{ studentId: w.a.otherStudent.id, status: 'present' }] });
    expect(mark.status).toBe(404);
    await w.api.ok('/takeAttendance', otherTeacherToken, { lessonId: theirs._id, attendance: [{ studentId: w.a.otherStudent.id, status: 'present' }] });
  });
});

describe('back-dated lessons', () => {
  it('lets a teacher place a lesson up to the school’s limit (7 days) in the past, not further; staff any time', async () => {
    await w.api.ok('/addLesson', w.tok.teacher, oneOff({ date: daysFromNow(-6), startTime: '07:00' }));
    const far = await w.api.call('/addLesson', w.tok.teacher, oneOff({ date: daysFromNow(-8), startTime: '07:00' }));
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual({ date: M.tooFarBack(7) });
    const series = await w.api.call('/addLesson', w.tok.teacher, weeklyLesson(w.a, w.types.private, { date: daysFromNow(-60), startTime: '06:00' }));
    expect(series.status).toBe(400);
    await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: daysFromNow(-60), startTime: '07:00' }));
  });

  it('refuses a teacher moving a lesson further back, and follows the school’s setting', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.teacher, oneOff({ date: daysFromNow(3), startTime: '05:00' }));
    const moved = await w.api.call('/moveLesson', w.tok.teacher, { id: _id, date: daysFromNow(-30), startTime: '05:00' });
    expect(moved.status).toBe(400);
    const settings = await w.api.ok('/getSettings', w.tok.admin);
    expect(settings.teacherBackDateDays).toBe(7);
    await w.api.ok('/updateSettings', w.tok.admin, { ...settings, teacherBackDateDays: 0 });
    const yesterday = await w.api.call('/moveLesson', w.tok.teacher, { id: _id, date: daysFromNow(-1), startTime: '05:00' });
    expect(yesterday.body.errors).toEqual({ date: M.tooFarBack(0) });
    // A form that leaves the field out keeps the school's value.
    const { teacherBackDateDays: _omit, ...rest } = settings;
    await w.api.ok('/updateSettings', w.tok.admin, rest);
    expect((await w.api.ok('/getSettings', w.tok.admin)).teacherBackDateDays).toBe(0);
  });
});
