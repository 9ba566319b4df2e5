import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classGroupStudents, lessons, lessonStudents } from '../../../db/schema/index.js';
import { createUser } from '../../../test/factories.js';
import { sessionToken } from '../../../test/test-app.js';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
let privateId: string;
let groupId: string;
let futureId: string;
let otherTeacherToken: string;

const oneOff = (extra: Record<string, unknown>) => ({ ...weeklyLesson(w.a, w.types.private), repeat: 'none', ...extra });

beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  await w.t.db.transaction({ kind: 'all' }, (tx) => tx.insert(classGroupStudents).values({ adminId: w.a.adminId, classGroupId: w.a.classGroupId, studentId: w.a.otherStudent.id }));
  privateId = (await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2026-01-05' })))._id;
  groupId = (await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2026-01-06', lessonTypeId: w.types.group, studentIds: [], classGroupId: w.a.classGroupId })))._id;
  futureId = (await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2030-01-07' })))._id;
  const otherTeacher = await createUser(w.t.db, 'teacher', w.a.adminId);
  otherTeacherToken = await sessionToken(w.t, otherTeacher.id);
});
afterAll(() => w.t.close());

const rowsOf = (lessonId: string) => w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessonStudents).where(eq(lessonStudents.lessonId, lessonId)));

describe('POST /api/scheduling/takeAttendance', () => {
  it('marks a private lesson’s student, records who marked, and marks the lesson', async () => {
    const res = await w.api.call('/takeAttendance', w.tok.teacher, { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'late' }] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Attendance Saved Successfully');
    const [row] = await rowsOf(privateId);
    expect(row).toMatchObject({ studentId: w.a.student.id, attendance: 'late', markedBy: w.a.teacher.id });
    expect(row!.markedAt).toBeInstanceOf(Date);
    const detail = await w.api.ok('/getLesson', w.tok.admin, { id: privateId });
    expect(detail.attendanceTaken).toBe(true);
    expect(detail.studentAttendance).toEqual([expect.objectContaining({ status: 'late' })]);
  });

  it('changes a mark on a second save (one row a student)', async () => {
    await w.api.ok('/takeAttendance', w.tok.admin, { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'present' }] });
    const rows = await rowsOf(privateId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attendance: 'present', markedBy: w.a.admin.id });
  });

  it('gives a group member a row when marked, and refuses someone not on the roster', async () => {
    await w.api.ok('/takeAttendance', w.tok.subadmin, { lessonId: groupId, attendance: [{ studentId: w.a.otherStudent.id, status: 'absent' }] });
    expect((await rowsOf(groupId)).map((r) => [r.studentId, r.attendance])).toEqual([[w.a.otherStudent.id, 'absent']]);
    const stranger = await w.api.call('/takeAttendance', w.tok.admin, { lessonId: groupId, attendance: [{ studentId: w.a.student.id, status: 'present' }] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('This student is not on this lesson');
    const foreign = await w.api.call('/takeAttendance', w.tok.admin, { lessonId: privateId, attendance: [{ studentId: w.b.student.id, status: 'present' }] });
    expect(foreign.status).toBe(400);
  });

  it('records the real person behind a login-as session', async () => {
    const asTeacher = await sessionToken(w.t, w.a.teacher.id, { actorUserId: w.a.admin.id });
    await w.api.ok('/takeAttendance', asTeacher, { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'excused' }] });
    expect((await rowsOf(privateId))[0]).toMatchObject({ attendance: 'excused', markedBy: w.a.admin.id });
  });

  it('waits until the lesson has started', async () => {
    const res = await w.api.call('/takeAttendance', w.tok.admin, { lessonId: futureId, attendance: [{ studentId: w.a.student.id, status: 'present' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Attendance can be taken once the lesson has started');
    const [lesson] = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessons).where(eq(lessons.id, futureId)));
    expect(lesson!.attendanceTakenAt).toBeNull();
  });

  it('answers 401, 403 to a family and another teacher, 404 to another school, 400 with messages', async () => {
    const body = { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'present' }] };
    expect((await w.api.call('/takeAttendance', undefined, body)).status).toBe(401);
    expect((await w.api.call('/takeAttendance', w.tok.student, body)).status).toBe(403);
    expect((await w.api.call('/takeAttendance', w.tok.parent, body)).status).toBe(403);
    // Another teacher's lesson is not on their calendar at all.
    expect((await w.api.call('/takeAttendance', otherTeacherToken, body)).status).toBe(404);
    expect((await w.api.call('/takeAttendance', w.tokB.admin, body)).status).toBe(404);
    const bad = await w.api.call('/takeAttendance', w.tok.admin, { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'asleep' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.['attendance.0.status']).toBe('Please choose present, absent, late, excused or cancelled');
    const none = await w.api.call('/takeAttendance', w.tok.admin, { lessonId: privateId, attendance: [] });
    expect(none.body.errors?.attendance).toBe('Please mark at least one student');
  });
});
