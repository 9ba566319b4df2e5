import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classGroupStudents, lessons } from '../../../db/schema/index.js';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
const day = (n: number) => DateTime.now().setZone('America/New_York').plus({ days: n }).toISODate()!;
let soonId: string;
let cancelledId: string;
let groupId: string;

beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  await w.t.db.transaction({ kind: 'all' }, (tx) => tx.insert(classGroupStudents).values({ adminId: w.a.adminId, classGroupId: w.a.classGroupId, studentId: w.a.student.id }));
  const add = async (date: string, extra: Record<string, unknown> = {}) =>
    (await w.api.ok('/addLesson', w.tok.admin, { ...weeklyLesson(w.a, w.types.private), repeat: 'none', date, ...extra }))._id as string;
  await add(day(-2));
  cancelledId = await add(day(1), { startTime: '10:00' });
  soonId = await add(day(2));
  groupId = await add(day(3), { lessonTypeId: w.types.group, studentIds: [], classGroupId: w.a.classGroupId, startTime: '18:00', durationMinutes: 60 });
  await add(day(4), { studentIds: [w.a.otherStudent.id] });
  await w.t.db.transaction({ kind: 'all' }, (tx) => tx.update(lessons).set({ status: 'cancelled', cancelReason: 'Snow' }).where(eq(lessons.id, cancelledId)));
});
afterAll(() => w.t.close());

describe('POST /api/scheduling/getUpcomingLessons', () => {
  it('lists a student’s next lessons from now, cancelled ones marked, with the lesson type as title', async () => {
    const { results } = await w.api.ok('/getUpcomingLessons', w.tok.student, {});
    expect(results.map((r: { _id: string }) => r._id)).toEqual([cancelledId, soonId, groupId]);
    expect(results[0]).toMatchObject({ cancelled: true, title: 'Private Lesson', room: null, student: { _id: w.a.student.id } });
    expect(results[1]).toMatchObject({ cancelled: false, start: `${day(2)}T16:00:00${results[1].start.slice(19)}` });
    expect(results[2].title).toBe('Group Class');
  });

  it('lists a parent’s child’s lessons, and the limit holds', async () => {
    const { results } = await w.api.ok('/getUpcomingLessons', w.tok.parent, { studentId: w.a.student.id, limit: 2 });
    expect(results.map((r: { _id: string }) => r._id)).toEqual([cancelledId, soonId]);
    expect(results[0].student).toEqual({ _id: w.a.student.id, first_name: 'Student', last_name: 'Tester' });
  });

  it('gives staff the names (the calendar detail rule)', async () => {
    const { results } = await w.api.ok('/getUpcomingLessons', w.tok.teacher, { studentId: w.a.student.id });
    expect(results[1].title).toBe('Student Tester – Private Lesson');
  });

  it('answers 404 for someone else’s child, 401, and 400 with messages', async () => {
    expect((await w.api.call('/getUpcomingLessons', w.tok.parent, { studentId: w.a.otherStudent.id })).status).toBe(404);
    expect((await w.api.call('/getUpcomingLessons', w.tok.parent, { studentId: w.b.student.id })).status).toBe(404);
    expect((await w.api.call('/getUpcomingLessons', w.tok.student, { studentId: w.a.otherStudent.id })).status).toBe(404);
    expect((await w.api.call('/getUpcomingLessons', undefined, {})).status).toBe(401);
    const bad = await w.api.call('/getUpcomingLessons', w.tok.student, { limit: 50 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('limit');
    const { results } = await w.api.ok('/getUpcomingLessons', w.tokB.admin, {});
    expect(results).toEqual([]);
  });
});

describe('the children page’s next lesson', () => {
  it('gives each child their next lesson that will happen, in one answer', async () => {
    const res = await w.t.call('GET', '/api/member/children', { token: w.tok.parent });
    expect(res.status).toBe(200);
    const [child] = res.body.data.results;
    expect(child.nextLesson).toEqual({ start: expect.stringMatching(new RegExp(`^${day(2)}T16:00:00[-+]\\d\\d:00$`)), title: 'Private Lesson', room: null });
    const other = await w.t.call('GET', '/api/member/children', { token: w.tokB.parent });
    expect(other.body.data.results[0].nextLesson).toBeNull();
  });
});
