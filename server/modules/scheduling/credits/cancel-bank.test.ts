import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOneOff, BEFORE_THE_TESTS_LESSONS, schedulingWorld, wallClockFromNow, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow, type SettableClock } from '../../../test/settable-clock.js';

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

async function eventOf(id: string) {
  return w.api.ok('/getLesson', w.tok.admin, { id });
}

const cancel = (token: string, id: string, extra: Record<string, unknown> = {}) =>
  w.api.call('/cancelLesson', token, { id, cancelReason: 'Sick', ...extra });

let series: string[] = [];

describe('a family cancels its own lesson', () => {
  it('earns a credit automatically when ahead of the notice window', async () => {
    const lesson = await oneOff({ date: '2027-05-03', startTime: '10:00' });
    const res = await cancel(w.tok.student, lesson);
    expect(res.body.message).toBe('Lesson Banked Successfully');
    expect(res.body.data).toEqual({
      cancelled: 1,
      bank: [{ student: { _id: w.a.student.id, first_name: 'Student', last_name: 'Tester' }, credited: true, reason: null, expiresAt: '2027-07-02T10:00:00-04:00' }],
    });
    const byParent = await cancel(w.tok.parent, await oneOff({ date: '2027-05-04', startTime: '10:00' }));
    expect(byParent.body.data.bank[0]).toMatchObject({ credited: true });
    // Only staff and the teacher bring a lesson back.
    for (const who of ['student', 'parent'] as const) expect((await w.api.call('/restoreLesson', w.tok[who], { id: lesson })).status).toBe(403);
  });

  it('earns none inside the notice window, and may not ask for more', async () => {
    const late = await oneOff(hoursFromNow(5));
    expect((await cancel(w.tok.student, late, { grantAnyway: true })).status).toBe(403);
    expect((await cancel(w.tok.student, late, { scope: 'following' })).status).toBe(403);
    const res = await cancel(w.tok.student, late);
    expect(res.body.message).toBe('Lesson Cancelled Successfully');
    expect(res.body.data.bank).toMatchObject([{ credited: false, reason: 'Cancelled less than 24 hours before the lesson', expiresAt: null }]);
    expect((await eventOf(late)).assignedId).toMatchObject({ cancelLesson: true, bankLesson: false, cancelReason: 'Sick' });
  });

  it('may not cancel a past lesson, a group lesson, or someone else’s', async () => {
    const past = await oneOff(hoursFromNow(-30));
    expect((await cancel(w.tok.student, past)).status).toBe(403);
    const group = await w.api.ok('/addLesson', w.tok.admin, {
      teacherId: w.a.teacher.id, lessonTypeId: w.types.group, classGroupId: w.a.classGroupId, date: '2027-05-05', startTime: '10:00', durationMinutes: 60,
    });
    await w.t.db.transaction({ kind: 'all' }, (tx) => tx.execute(
      `insert into class_group_students (admin_id, class_group_id, student_id) values ('${w.a.adminId}', '${w.a.classGroupId}', '${w.a.student.id}')`));
    expect((await cancel(w.tok.student, group._id)).status).toBe(403);
    const others = await oneOff({ date: '2027-05-06', startTime: '10:00' }, w.a.otherStudent.id);
    expect((await cancel(w.tok.student, others)).status).toBe(404);
    expect((await cancel(w.tok.parent, others)).status).toBe(404);
  });
});

describe('staff cancel and bank within the school’s rules', () => {
  it('banks a lesson: the credit lives the school’s lifetime from the lesson', async () => {
    const made = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { studentIds: [w.a.otherStudent.id] }));
    const events = await w.api.ok('/getEvents', w.tok.admin, { start: '2027-01-01T00:00:00-05:00', end: '2027-03-02T00:00:00-05:00', studentId: w.a.otherStudent.id });
    series = events.results.map((e: { _id: string }) => e._id);
    expect(events.results[0].seriesId).toBe(made.seriesId);
    const res = await cancel(w.tok.teacher, series[0]!, { bank: true });
    expect(res.body.message).toBe('Lesson Banked Successfully');
    expect(res.body.data.bank).toMatchObject([{ credited: true, expiresAt: '2027-03-05T16:00:00-05:00' }]);
    expect((await eventOf(series[0]!)).assignedId).toEqual({
      _id: series[0], class_groupId: null, cancelLesson: true, bankLesson: true, cancelReason: 'Sick', bankedExpDate: '2027-03-05T16:00:00-05:00',
    });
    const again = await cancel(w.tok.admin, series[0]!, { bank: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This lesson is already cancelled');
  });

  it('stops at the credits a student may hold, unless staff grant anyway', async () => {
    expect((await cancel(w.tok.admin, series[1]!, { bank: true })).body.data.bank[0]).toMatchObject({ credited: true });
    const third = await cancel(w.tok.admin, series[2]!, { bank: true });
    expect(third.body.message).toBe('Lesson Cancelled Successfully');
    expect(third.body.data.bank).toMatchObject([{ credited: false, reason: 'Already holds 2 make-up credits' }]);
    expect((await cancel(w.tok.teacher, series[3]!, { bank: true, grantAnyway: true })).status).toBe(403);
    const anyway = await cancel(w.tok.subadmin, series[3]!, { bank: true, grantAnyway: true });
    expect(anyway.body.data.bank).toMatchObject([{ credited: true, reason: null }]);
    // The third lesson's student gets one by hand afterwards.
    const granted = await w.api.call('/grantCredit', w.tok.admin, { lessonId: series[2], studentId: w.a.otherStudent.id });
    expect(granted.body).toMatchObject({ message: 'Make-up Credit Granted Successfully', data: { credited: true } });
    const credits = await w.api.ok('/getCredits', w.tok.admin, { studentId: w.a.otherStudent.id, sortBy: 'expiresAt', orderBy: 1 });
    expect(credits.results.map((c: { grantedByHand: boolean }) => c.grantedByHand)).toEqual([false, false, true, true]);
  });

  it('stops at the credits a student may earn in a term', async () => {
    const rules = await w.api.ok('/getSettings', w.tok.admin);
    await w.api.ok('/updateSettings', w.tok.admin, { ...rules, creditMaxHeld: 10, creditMaxPerTerm: 5, termStartsOn: '2027-01-01', termEndsOn: '2027-03-31' });
    expect((await cancel(w.tok.admin, series[4]!, { bank: true })).body.data.bank[0]).toMatchObject({ credited: true });
    const sixth = await cancel(w.tok.admin, series[5]!, { bank: true });
    expect(sixth.body.data.bank).toMatchObject([{ credited: false, reason: 'Already earned 5 make-up credits this term' }]);
    // The May lessons of the student's other credits are in another term (the calendar year outside the school's term).
    await w.api.ok('/updateSettings', w.tok.admin, { ...rules, creditMaxHeld: 10 });
  });

  it('earns no credit inside the notice window unless staff grant anyway', async () => {
    const late = await oneOff(hoursFromNow(5), w.a.otherStudent.id);
    const res = await cancel(w.tok.admin, late, { bank: true });
    expect(res.body.data.bank).toMatchObject([{ credited: false, reason: 'Cancelled less than 24 hours before the lesson' }]);
    await w.api.ok('/restoreLesson', w.tok.admin, { id: late });
    const anyway = await cancel(w.tok.admin, late, { bank: true, grantAnyway: true });
    expect(anyway.body.data.bank).toMatchObject([{ credited: true }]);
    const due = DateTime.fromISO(anyway.body.data.bank[0].expiresAt).diff(DateTime.fromJSDate(clock.now(w.a.adminId)), 'days').days;
    expect(Math.round(due)).toBe(60);
  });

  it('cancels this and following lessons of a series', async () => {
    const res = await cancel(w.tok.admin, series[8]!, { scope: 'following', cancelReason: 'Moving away' });
    expect(res.body).toMatchObject({ message: 'Lesson Cancelled Successfully', data: { cancelled: 4, bank: [] } });
    const later = await w.api.ok('/getEvents', w.tok.admin, { start: '2027-03-01T00:00:00-05:00', end: '2027-04-01T00:00:00-04:00', studentId: w.a.otherStudent.id });
    expect(later.results.map((e: { assignedId: { cancelReason: string | null } }) => e.assignedId.cancelReason)).toEqual(['Moving away', 'Moving away', 'Moving away', 'Moving away']);
    const before = await eventOf(series[7]!);
    expect(before.assignedId.cancelLesson).toBe(false);
  });
});

describe('restore', () => {
  it('puts a cancelled lesson back and takes back its unused credit', async () => {
    const notCancelled = await w.api.call('/restoreLesson', w.tok.admin, { id: series[7] });
    expect(notCancelled.status).toBe(409);
    expect(notCancelled.body.message).toBe('This lesson is not cancelled');
    expect((await w.api.call('/restoreLesson', w.tok.student, { id: series[4] })).status).toBe(404);
    expect((await w.api.call('/restoreLesson', w.tokB.admin, { id: series[4] })).status).toBe(404);
    const res = await w.api.call('/restoreLesson', w.tok.teacher, { id: series[4] });
    expect(res.body).toMatchObject({ status: 200, message: 'Lesson Restored Successfully' });
    const event = await eventOf(series[4]!);
    expect(event.assignedId).toMatchObject({ cancelLesson: false, bankLesson: false, cancelReason: null });
    const all = await w.api.ok('/getCredits', w.tok.admin, { status: 'all', studentId: w.a.otherStudent.id });
    expect(all.results.filter((c: { lesson: { _id: string } }) => c.lesson._id === series[4]).map((c: { status: string }) => c.status)).toEqual(['revoked']);
  });

  it('refuses when the slot has been taken since, naming the clash', async () => {
    await oneOff({ date: '2027-02-08', startTime: '16:00' });
    const res = await w.api.call('/restoreLesson', w.tok.admin, { id: series[5] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Teacher Tester already has a lesson on Mon 8 Feb 2027, 4:00 PM');
  });
});

describe('who may call', () => {
  it('answers 401, 404 for another school’s lesson, and messages for a bad form', async () => {
    expect((await cancel(undefined as unknown as string, series[7]!)).status).toBe(401);
    expect((await cancel(w.tokB.admin, series[7]!)).status).toBe(404);
    const bad = await w.api.call('/cancelLesson', w.tok.admin, { id: 'x', cancelReason: ' ', scope: 'all' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ id: 'Invalid id', cancelReason: 'Reason is Required' });
    expect((await w.api.call('/restoreLesson', undefined, { id: series[7] })).status).toBe(401);
  });
});
