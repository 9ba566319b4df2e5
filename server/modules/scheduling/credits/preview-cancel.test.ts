import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOneOff, BEFORE_THE_TESTS_LESSONS, schedulingWorld, wallClockFromNow } from '../test-kit.js';
import { setSchoolsNow, type SettableClock } from '../../../test/settable-clock.js';

/** The cancel dialog asks what banking would give before confirming; asking writes nothing. */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
/** The schools' clock, before the 2027 lessons below whatever the wall's date. */
let clock: SettableClock;
const ZONE = 'America/New_York';
beforeAll(async () => {
  w = await schedulingWorld(ZONE);
  clock = setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
});
afterAll(() => w.t.close());

const oneOff = (at: { date: string; startTime: string }, studentId?: string) => addOneOff(w, at, studentId);
const hoursFromNow = (hours: number) => wallClockFromNow(ZONE, hours, clock.now(w.a.adminId));
const preview = (token: string, id: string) => w.api.call('/previewCancel', token, { id });
const student = () => ({ _id: w.a.student.id, first_name: 'Student', last_name: 'Tester' });

describe('the credit outcome before a cancel', () => {
  it('says a credit would be banked, until when, ahead of the notice window, and writes nothing', async () => {
    const lesson = await oneOff({ date: '2027-05-03', startTime: '10:00' });
    for (const who of ['admin', 'teacher', 'student', 'parent'] as const) {
      const res = await preview(w.tok[who], lesson);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        bank: [{ student: student(), credited: true, reason: null, expiresAt: '2027-07-02T10:00:00-04:00' }],
        familyBanks: who === 'student' || who === 'parent',
        noticeHours: 24,
      });
    }
    const credits = await w.api.ok('/getCredits', w.tok.admin, { studentId: w.a.student.id, status: 'all' });
    expect(credits.results).toHaveLength(0);
    expect((await w.api.ok('/getLesson', w.tok.admin, { id: lesson })).assignedId.cancelLesson).toBe(false);
  });

  it('says why not inside the notice window', async () => {
    const late = await oneOff(hoursFromNow(5));
    const res = await preview(w.tok.student, late);
    expect(res.body.data.bank).toEqual([{ student: student(), credited: false, reason: 'Cancelled less than 24 hours before the lesson', expiresAt: null }]);
  });

  it('answers only who may cancel it: not another family, not another school, not a cancelled or past lesson', async () => {
    const others = await oneOff({ date: '2027-05-06', startTime: '10:00' }, w.a.otherStudent.id);
    expect((await preview(w.tok.student, others)).status).toBe(404);
    expect((await preview(w.tokB.admin, others)).status).toBe(404);
    expect((await preview(w.tok.student, await oneOff(hoursFromNow(-30)))).status).toBe(403);
    await w.api.ok('/cancelLesson', w.tok.admin, { id: others, cancelReason: 'Sick' });
    expect((await preview(w.tok.admin, others)).status).toBe(409);
    expect((await w.api.call('/previewCancel', w.tok.admin, { id: 'nope' })).status).toBe(400);
  });
});
