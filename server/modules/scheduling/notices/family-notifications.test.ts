import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../../db/schema/index.js';
import { BEFORE_THE_TESTS_LESSONS, schedulingWorld, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow } from '../../../test/settable-clock.js';

/**
 * Issue 14: the family told of a cancelled, moved or make-up lesson also finds it under the bell,
 * the same people on the same switch as the emails (family-notices.test.ts).
 */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
const oneOff = (extra: Record<string, unknown>) => ({ ...weeklyLesson(w.a, w.types.private), repeat: 'none', ...extra });
const setSwitch = (userId: string, on: boolean) => w.t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: on }).where(eq(users.id, userId)));
const notesOf = (userId: string, kind: string) => w.t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.kind, kind))));

beforeAll(async () => {
  w = await schedulingWorld();
  setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
});
afterAll(() => w.t.close());

describe('lesson changes make notifications', () => {
  it('a cancelled lesson: the student and their parent, each with their own words and page', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-01-04', startTime: '16:00' }));
    await w.api.ok('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Teacher is ill' });
    const [student] = await notesOf(w.a.student.id, 'lesson-cancelled');
    const [parent] = await notesOf(w.a.parent.id, 'lesson-cancelled');
    expect(student).toMatchObject({ adminId: w.a.adminId, title: expect.stringMatching(/^Lesson cancelled: Private Lesson on Mon 4 Jan/), link: `/scheduling/weekly?date=2027-01-04&lesson=${_id}`, readAt: null });
    expect(student!.body).toMatch(/^Your lesson at .* has been cancelled\.$/);
    // A parent opens the children's calendar on that lesson (decision 082), not a page that sends them away.
    expect(parent).toMatchObject({ link: `/scheduling/family?date=2027-01-04&lesson=${_id}` });
    expect(parent!.body).toMatch(/^Student's lesson at/);
    expect(await notesOf(w.a.teacher.id, 'lesson-%')).toEqual([]);
  });

  it('a move and a make-up booking', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-01-11', startTime: '16:00' }));
    await w.api.ok('/moveLesson', w.tok.teacher, { id: _id, date: '2027-01-12', startTime: '17:30' });
    expect((await notesOf(w.a.student.id, 'lesson-moved')).map((n) => n.title)).toEqual([expect.stringMatching(/^Lesson moved: Private Lesson on Tue 12 Jan/)]);

    const { _id: sick } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-05-03', startTime: '16:00' }));
    await w.api.ok('/cancelLesson', w.tok.admin, { id: sick, cancelReason: 'Sick', bank: true, grantAnyway: true });
    const credits = await w.api.ok('/getCredits', w.tok.admin, { studentId: w.a.student.id });
    await w.api.ok('/bookMakeup', w.tok.admin, {
      creditId: credits.results[0]._id, teacherId: w.a.teacher.id, lessonTypeId: w.types.private, date: '2027-05-10', startTime: '15:00', durationMinutes: 30,
    });
    expect((await notesOf(w.a.parent.id, 'lesson-makeup')).map((n) => n.title)).toEqual([expect.stringMatching(/^Make-up lesson booked/)]);
  });

  it('none for a person who turned notifications off, and none when the change fails', async () => {
    await setSwitch(w.a.parent.id, false);
    const before = (await notesOf(w.a.parent.id, 'lesson-%')).length;
    const studentBefore = (await notesOf(w.a.student.id, 'lesson-%')).length;
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-01-05', startTime: '16:00' }));
    await w.api.ok('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Snow' });
    expect(await notesOf(w.a.parent.id, 'lesson-%')).toHaveLength(before);
    expect(await notesOf(w.a.student.id, 'lesson-%')).toHaveLength(studentBefore + 1);
    expect((await w.api.call('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Again' })).status).not.toBe(200);
    expect(await notesOf(w.a.student.id, 'lesson-%')).toHaveLength(studentBefore + 1);
    await setSwitch(w.a.parent.id, true);
  });
});
