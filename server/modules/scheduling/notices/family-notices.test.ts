import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, users } from '../../../db/schema/index.js';
import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { BEFORE_THE_TESTS_LESSONS, schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow } from '../../../test/settable-clock.js';

/**
 * Issue 10, "Families are told": a cancelled, moved or rescheduled lesson, a make-up booked and a
 * new closure each send the student and their parents one email per change, through the outbox
 * after commit, with the reason and the time on the school's clock, honouring the reminders switch.
 */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
const NY = 'America/New_York';
const oneOff = (extra: Record<string, unknown>) => ({ ...weeklyLesson(w.a, w.types.private), repeat: 'none', ...extra });
const setSwitch = (userId: string, on: boolean) => w.t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: on }).where(eq(users.id, userId)));

/** What the last change emailed the lesson's teacher (decision 083); this file reads the family's. */
let toTeacher: OutgoingEmail[] = [];

/** What the change delivered to the family: the app's own after-commit delivery, nothing triggered by hand. */
async function deliveredBy(change: () => Promise<unknown>): Promise<OutgoingEmail[]> {
  const mark = w.t.sentEmails.length;
  await change();
  await w.t.services.jobs.idle();
  const sent = w.t.sentEmails.slice(mark);
  toTeacher = sent.filter((e) => e.to === w.a.teacher.email);
  return sent.filter((e) => e.to !== w.a.teacher.email);
}
/** Lifts a closure (a DELETE). */
async function removed(id: string) {
  const res = await w.api.call('/holiday/remove', w.tok.admin, { id }, 'DELETE');
  expect(res.status).toBe(200);
  return res.body.data as { restored: number };
}
const recipients = (emails: OutgoingEmail[]) => emails.map((e) => e.to).sort();

beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, NY);
  // The lessons below are in 2027: the school's clock stands before them whatever the wall's date,
  // so a family is told of a lesson still ahead.
  setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
});
afterAll(() => w.t.close());

describe('a cancelled lesson', () => {
  it('emails the student and their parent once each, with the reason and the school’s time', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-01-04', startTime: '16:00' }));
    const sent = await deliveredBy(() => w.api.ok('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Teacher is ill' }));
    expect(recipients(sent)).toEqual([w.a.parent.email, w.a.student.email].sort());
    // The office cancelled it: the teacher is told too, as they chose (decision 083).
    expect(toTeacher).toHaveLength(1);
    const toParent = sent.find((e) => e.to === w.a.parent.email)!;
    expect(toParent.subject).toBe('Lesson cancelled: Private Lesson on Mon 4 Jan, 4:00 PM');
    expect(toParent.text).toContain('Student\'s lesson at');
    expect(toParent.text).toContain('Private Lesson: Monday 4 January 2027 at 4:00 PM');
    expect(toParent.text).toContain('Reason: Teacher is ill');
    expect(toParent.text).toContain('America/New_York time');
    expect(sent.find((e) => e.to === w.a.student.email)!.text).toContain('Your lesson at');
    const rows = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'lesson-cancelled')));
    expect(rows.every((r) => r.status === 'sent' && r.adminId === w.a.adminId)).toBe(true);
  });

  it('sends one email a person for "this and following" of a series', async () => {
    const made = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { date: '2027-02-01', startTime: '10:00', count: 6 }));
    const sent = await deliveredBy(() => w.api.ok('/cancelLesson', w.tok.admin, { id: made._id, scope: 'following', cancelReason: 'Moving away' }));
    expect(recipients(sent)).toEqual([w.a.parent.email, w.a.student.email].sort());
    expect(sent[0]!.subject).toBe('Lesson cancelled: Private Lesson on Mon 1 Feb, 10:00 AM and 5 more');
    expect(sent[0]!.text).toContain('Monday 8 March 2027 at 10:00 AM');
  });

  it('tells no one whose reminders are off', async () => {
    await setSwitch(w.a.parent.id, false);
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-01-05', startTime: '16:00' }));
    const sent = await deliveredBy(() => w.api.ok('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Snow' }));
    expect(recipients(sent)).toEqual([w.a.student.email]);
    await setSwitch(w.a.student.id, false);
    const { _id: next } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-01-06', startTime: '16:00' }));
    expect(await deliveredBy(() => w.api.ok('/cancelLesson', w.tok.admin, { id: next, cancelReason: 'Snow' }))).toEqual([]);
    await setSwitch(w.a.parent.id, true);
    await setSwitch(w.a.student.id, true);
  });

  it('sends nothing when the change fails', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-01-07', startTime: '16:00' }));
    expect(await deliveredBy(() => w.api.ok('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Snow' }))).toHaveLength(2);
    expect(await deliveredBy(() => w.api.call('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Again' }))).toEqual([]);
  });
});

describe('a lesson at a new time', () => {
  it('tells of a move from when to when, on the school’s clock', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-01-11', startTime: '16:00' }));
    const sent = await deliveredBy(() => w.api.ok('/moveLesson', w.tok.teacher, { id: _id, date: '2027-01-12', startTime: '17:30' }));
    expect(recipients(sent)).toEqual([w.a.parent.email, w.a.student.email].sort());
    expect(sent[0]!.subject).toBe('Lesson moved: Private Lesson on Tue 12 Jan, 5:30 PM');
    expect(sent[0]!.text).toContain('from Monday 11 January 2027 at 4:00 PM to Tuesday 12 January 2027 at 5:30 PM');
  });

  it('tells of a rescheduled series once, and of a change to the notes not at all', async () => {
    const made = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { date: '2027-04-05', startTime: '09:00', count: 8 }));
    expect(await deliveredBy(() => w.api.ok('/updateLesson', w.tok.admin, { id: made._id, notes: 'New book' }))).toEqual([]);
    const sent = await deliveredBy(() => w.api.ok('/updateLesson', w.tok.admin, { id: made._id, scope: 'following', startTime: '11:00' }));
    expect(recipients(sent)).toEqual([w.a.parent.email, w.a.student.email].sort());
    expect(sent[0]!.subject).toBe('Lesson rescheduled: Private Lesson on Mon 5 Apr, 11:00 AM and the following lessons');
  });
});

describe('a make-up lesson', () => {
  it('tells the family when it is booked', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-05-03', startTime: '16:00' }));
    // The cancellation's own emails go out first, so they are not counted as the booking's.
    await deliveredBy(() => w.api.ok('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Sick', bank: true, grantAnyway: true }));
    const credits = await w.api.ok('/getCredits', w.tok.admin, { studentId: w.a.student.id });
    const sent = await deliveredBy(() => w.api.ok('/bookMakeup', w.tok.admin, {
      creditId: credits.results[0]._id, teacherId: w.a.teacher.id, lessonTypeId: w.types.private, date: '2027-05-10', startTime: '15:00', durationMinutes: 30,
    }));
    expect(recipients(sent)).toEqual([w.a.parent.email, w.a.student.email].sort());
    expect(sent[0]!.subject).toBe('Make-up lesson booked: Private Lesson on Mon 10 May, 3:00 PM');
  });
});

describe('a new closure', () => {
  it('sends each family member one email listing their lessons it cancels', async () => {
    await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-06-07', startTime: '16:00' }));
    await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-06-09', startTime: '16:00' }));
    await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-06-08', startTime: '12:00', studentIds: [w.a.otherStudent.id] }));
    const sent = await deliveredBy(() => w.api.ok('/holiday/add', w.tok.admin, { name: 'Summer Break', startsOn: '2027-06-07', endsOn: '2027-06-11' }));
    expect(recipients(sent)).toEqual([w.a.otherStudent.email, w.a.parent.email, w.a.student.email].sort());
    const toParent = sent.find((e) => e.to === w.a.parent.email)!;
    expect(toParent.subject).toBe('School closed: Private Lesson on Mon 7 Jun, 4:00 PM and 1 more');
    expect(toParent.text).toContain('Reason: Holiday: Summer Break');
    expect(toParent.text).toContain('Wednesday 9 June 2027 at 4:00 PM');
    expect(toParent.text).not.toContain('12:00 PM');
  });
});

describe('a lesson that comes back', () => {
  it('tells the family once when a cancelled lesson is restored', async () => {
    const { _id } = await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-07-05', startTime: '16:00' }));
    await deliveredBy(() => w.api.ok('/cancelLesson', w.tok.admin, { id: _id, cancelReason: 'Snow' }));
    const sent = await deliveredBy(() => w.api.ok('/restoreLesson', w.tok.admin, { id: _id }));
    expect(recipients(sent)).toEqual([w.a.parent.email, w.a.student.email].sort());
    const toParent = sent.find((e) => e.to === w.a.parent.email)!;
    expect(toParent.subject).toBe('Lesson back on: Private Lesson on Mon 5 Jul, 4:00 PM');
    expect(toParent.text).toContain('Student\'s lesson at');
    expect(toParent.text).toContain('was cancelled and is back on');
    expect(toParent.text).toContain('Private Lesson: Monday 5 July 2027 at 4:00 PM');
    expect(toParent.text).toContain('America/New_York time');
    const rows = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'lesson-restored')));
    expect(rows.length).toBe(2);
    // A restore refused (not cancelled) tells no one.
    expect(await deliveredBy(() => w.api.call('/restoreLesson', w.tok.admin, { id: _id }))).toEqual([]);
  });

  it('sends each family member one email listing their lessons a lifted closure gives back', async () => {
    await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-08-02', startTime: '16:00' }));
    await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-08-04', startTime: '16:00' }));
    await w.api.ok('/addLesson', w.tok.admin, oneOff({ date: '2027-08-03', startTime: '12:00', studentIds: [w.a.otherStudent.id] }));
    const closure = await w.api.ok('/holiday/add', w.tok.admin, { name: 'Heat Wave', startsOn: '2027-08-02', endsOn: '2027-08-06' });
    await w.t.services.jobs.idle();
    const sent = await deliveredBy(() => removed(closure._id));
    expect(recipients(sent)).toEqual([w.a.otherStudent.email, w.a.parent.email, w.a.student.email].sort());
    const toParent = sent.find((e) => e.to === w.a.parent.email)!;
    expect(toParent.subject).toBe('School open again: Private Lesson on Mon 2 Aug, 4:00 PM and 1 more');
    expect(toParent.text).toContain('Reason: Closure removed: Heat Wave');
    expect(toParent.text).toContain('Wednesday 4 August 2027 at 4:00 PM');
    expect(toParent.text).toContain('are back on');
    expect(toParent.text).not.toContain('12:00 PM');
  });

  it('tells no one when a lifted closure gives no lesson back', async () => {
    const closure = await w.api.ok('/holiday/add', w.tok.admin, { name: 'Quiet Week', startsOn: '2027-09-06', endsOn: '2027-09-10' });
    await w.t.services.jobs.idle();
    expect(await deliveredBy(() => removed(closure._id))).toEqual([]);
  });
});
