import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChildren } from '../../../db/schema/index.js';
import { createUser } from '../../../test/factories.js';
import { setSchoolsNow } from '../../../test/settable-clock.js';
import { BEFORE_THE_TESTS_LESSONS, addOneOff, schedulingWorld } from '../test-kit.js';

/**
 * The calls a parent's calendar makes (decision 082): one getEvents a child, the lesson's drawer,
 * the cancel and its preview. Each answers only for a lesson of one of the parent's own children
 * (404 for another family's, or a child of theirs in another school), with the student's rules.
 */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
let secondChild: string;
const WEEK = { start: '2027-01-03T00:00:00-05:00', end: '2027-01-10T00:00:00-05:00' };
const lessons = { first: '', second: '', otherFamily: '', otherSchool: '' };

beforeAll(async () => {
  w = await schedulingWorld('America/New_York');
  setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
  const owen = await createUser(w.t.db, 'student', w.a.adminId);
  secondChild = owen.id;
  await w.t.db.transaction({ kind: 'all' }, (tx) => tx.insert(parentChildren).values({ adminId: w.a.adminId, parentId: w.a.parent.id, studentId: owen.id }));
  lessons.first = await addOneOff(w, { date: '2027-01-04', startTime: '16:00' });
  lessons.second = await addOneOff(w, { date: '2027-01-05', startTime: '16:00' }, secondChild);
  lessons.otherFamily = await addOneOff(w, { date: '2027-01-06', startTime: '16:00' }, w.a.otherStudent.id);
  const b = await w.api.ok('/addLesson', w.tokB.admin, {
    teacherId: w.b.teacher.id, lessonTypeId: w.typesB.private, studentIds: [w.b.student.id], date: '2027-01-04', startTime: '16:00', durationMinutes: 30,
  });
  lessons.otherSchool = b._id as string;
});
afterAll(() => w.t.close());

const idsOf = (answer: { results: { _id: string }[] }) => answer.results.map((e) => e._id);

describe("a parent's calendar", () => {
  it('reads each child’s week by studentId, and no other student’s', async () => {
    const first = await w.api.ok('/getEvents', w.tok.parent, { ...WEEK, studentId: w.a.student.id });
    const second = await w.api.ok('/getEvents', w.tok.parent, { ...WEEK, studentId: secondChild });
    expect(idsOf(first)).toEqual([lessons.first]);
    expect(idsOf(second)).toEqual([lessons.second]);
    // The parent may cancel each ahead of time (the rights ride on the event), and sees no names.
    expect(first.results[0]).toMatchObject({ canCancel: true, canEdit: false, detail: false, studentAttendance: [] });
    for (const studentId of [w.a.otherStudent.id, w.b.student.id]) {
      expect((await w.api.call('/getEvents', w.tok.parent, { ...WEEK, studentId })).status).toBe(404);
    }
    expect(idsOf(await w.api.ok('/getEvents', w.tok.parent, WEEK)).sort()).toEqual([lessons.first, lessons.second].sort());
  });

  it('opens, previews and cancels only a lesson of their own children: 404 for any other', async () => {
    for (const id of [lessons.otherFamily, lessons.otherSchool]) {
      for (const path of ['/getLesson', '/previewCancel']) expect((await w.api.call(path, w.tok.parent, { id })).status, path).toBe(404);
      expect((await w.api.call('/cancelLesson', w.tok.parent, { id, cancelReason: 'Trip' })).status).toBe(404);
    }
    expect((await w.api.ok('/getLesson', w.tok.parent, { id: lessons.second }))._id).toBe(lessons.second);
  });

  it('cancels the second child’s lesson by the student’s rules: this lesson only, banked by the notice window', async () => {
    const following = await w.api.call('/cancelLesson', w.tok.parent, { id: lessons.second, cancelReason: 'Trip', scope: 'following' });
    expect(following.status).toBe(403);
    const bad = await w.api.call('/cancelLesson', w.tok.parent, { id: lessons.second, cancelReason: 'x'.repeat(5000) });
    expect(bad.status).toBe(400);
    const done = await w.api.ok('/cancelLesson', w.tok.parent, { id: lessons.second, cancelReason: 'Trip' });
    expect(done).toMatchObject({ cancelled: 1, bank: [{ student: { _id: secondChild }, credited: true }] });
    const credits = await w.api.ok('/getCredits', w.tok.parent, { studentId: secondChild });
    expect(credits.totalCount).toBe(1);
    const again = await w.api.call('/cancelLesson', w.tok.parent, { id: lessons.second, cancelReason: 'Trip' });
    expect(again.status).toBe(409);
    // The first child's lesson is untouched.
    const first = await w.api.ok('/getLesson', w.tok.parent, { id: lessons.first });
    expect(first.assignedId.cancelLesson).toBe(false);
  });
});
