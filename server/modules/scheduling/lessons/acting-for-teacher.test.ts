import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classGroupStudents } from '../../../db/schema/index.js';
import { createUser } from '../../../test/factories.js';
import { sessionToken } from '../../../test/test-app.js';
import { BEFORE_THE_TESTS_LESSONS, schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow } from '../../../test/settable-clock.js';

/**
 * Issue 10, "Acting for a teacher": docs/domains/scheduling.md "Who may do what"'s detail rule shapes the calendar's labels,
 * while the lesson drawer shows its roster to whoever may manage the lesson (an admin acting as
 * the teacher too), and an edit is a partial update that keeps what the call leaves out.
 */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
let asTeacher: string;
let pastId: string;
let groupId: string;
const NY = 'America/New_York';
const oneOff = (extra: Record<string, unknown>) => ({ ...weeklyLesson(w.a, w.types.private), repeat: 'none', ...extra });
const range = (start: string, end: string) => ({ start, end });
const studentsOf = (lesson: { studentAttendance: { studId: { _id: string } }[] }) => lesson.studentAttendance.map((a) => a.studId._id);

beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, NY);
  setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
  await w.t.db.transaction({ kind: 'all' }, (tx) => tx.insert(classGroupStudents).values({ adminId: w.a.adminId, classGroupId: w.a.classGroupId, studentId: w.a.student.id }));
  pastId = (await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2026-01-05', notes: 'Bring the Czerny' })))._id;
  groupId = (await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-02-02', lessonTypeId: w.types.group, studentIds: [], classGroupId: w.a.classGroupId })))._id;
  asTeacher = await sessionToken(w.t, w.a.teacher.id, { actorUserId: w.a.admin.id });
});
afterAll(() => w.t.close());

describe('an admin acting as a teacher', () => {
  it('sees the roster in the drawer while the calendar label keeps to the rule', async () => {
    const week = await w.api.ok('/getEvents', asTeacher, range('2026-01-04T00:00:00-05:00', '2026-01-11T00:00:00-05:00'));
    expect(week.results[0]).toMatchObject({ title: 'Private Lesson', detail: false, studentAttendance: [] });
    const lesson = await w.api.ok('/getLesson', asTeacher, { id: pastId });
    expect(lesson).toMatchObject({ detail: true, canEdit: true, notes: 'Bring the Czerny', teacher: { _id: w.a.teacher.id } });
    expect(studentsOf(lesson)).toEqual([w.a.student.id]);
  });

  it('takes attendance for the roster the drawer showed', async () => {
    const lesson = await w.api.ok('/getLesson', asTeacher, { id: pastId });
    const attendance = studentsOf(lesson).map((studentId) => ({ studentId, status: 'present' }));
    await w.api.ok('/takeAttendance', asTeacher, { lessonId: pastId, attendance });
    const after = await w.api.ok('/getLesson', w.tok.admin, { id: pastId });
    expect(after.studentAttendance).toEqual([{ studId: expect.objectContaining({ _id: w.a.student.id }), status: 'present', note: null, noteShared: false }]);
  });

  it('edits the time alone, and the lesson keeps its students, room, type and notes', async () => {
    await w.api.ok('/updateLesson', asTeacher, { id: groupId, startTime: '17:30' });
    const group = await w.api.ok('/getLesson', w.tok.admin, { id: groupId });
    expect(group).toMatchObject({ startTime: '17:30', date: '2027-02-02', durationMinutes: 30, assignedId: { class_groupId: { _id: w.a.classGroupId } } });
    expect(studentsOf(group)).toEqual([w.a.student.id]);
  });
});

describe('a partial update', () => {
  it('keeps every field the call leaves out', async () => {
    const id = (await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-03-01', notes: 'Scales' })))._id;
    await w.api.ok('/updateLesson', w.tok.admin, { id, notes: 'Arpeggios' });
    const lesson = await w.api.ok('/getLesson', w.tok.admin, { id });
    expect(lesson).toMatchObject({ notes: 'Arpeggios', date: '2027-03-01', startTime: '16:00', durationMinutes: 30, teacher: { _id: w.a.teacher.id } });
    expect(studentsOf(lesson)).toEqual([w.a.student.id]);
    await w.api.ok('/updateLesson', w.tok.admin, { id, studentIds: [w.a.student.id, w.a.otherStudent.id], durationMinutes: 45 });
    const changed = await w.api.ok('/getLesson', w.tok.admin, { id });
    expect(changed).toMatchObject({ notes: 'Arpeggios', durationMinutes: 45 });
    expect(studentsOf(changed).sort()).toEqual([w.a.student.id, w.a.otherStudent.id].sort());
  });

  it('lets the teacher change the time of a lesson with a student the office added, but not add one of their own choosing', async () => {
    const id = (await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-03-02', studentIds: [w.a.student.id, w.a.otherStudent.id] })))._id;
    await w.api.ok('/updateLesson', w.tok.teacher, { id, startTime: '15:00' });
    expect((await w.api.ok('/getLesson', w.tok.teacher, { id })).startTime).toBe('15:00');
    // Someone the teacher does not teach (a lesson of theirs makes a student theirs: decision 016).
    const stranger = await createUser(w.t.db, 'student', w.a.adminId);
    expect((await w.api.call('/updateLesson', w.tok.teacher, { id, studentIds: [w.a.student.id, stranger.id] })).status).toBe(403);
  });

  it('still answers 400 with the messages and 404 for another school', async () => {
    const bad = await w.api.call('/updateLesson', w.tok.admin, { id: pastId, startTime: '25:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ startTime: 'Please enter a time as HH:mm' });
    const none = await w.api.call('/updateLesson', w.tok.admin, { id: groupId, lessonTypeId: w.types.private, classGroupId: null });
    expect(none.status).toBe(400);
    expect(none.body.errors).toMatchObject({ studentIds: expect.any(String) });
    expect((await w.api.call('/updateLesson', w.tokB.admin, { id: pastId, notes: 'x' })).status).toBe(404);
  });
});

describe('a family', () => {
  it('sees the teacher’s name, but neither the students nor the notes', async () => {
    for (const token of [w.tok.student, w.tok.parent]) {
      const lesson = await w.api.ok('/getLesson', token, { id: groupId });
      expect(lesson).toMatchObject({ detail: false, canEdit: false, title: 'Group Class', notes: '', teacher: { _id: w.a.teacher.id, first_name: 'Teacher', last_name: 'Tester' } });
      expect(lesson.studentAttendance).toEqual([]);
      expect(lesson.assignedId.class_groupId).toBeNull();
    }
  });
});
