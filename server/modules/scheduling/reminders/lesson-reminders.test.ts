import { and, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classGroupStudents, emailMessages, lessons, lessonSeries, lessonStudents, makeupCredits, rooms, schedulingSettings, users } from '../../../db/schema/index.js';
import { sendCreditReminders } from './credit-reminders.js';
import { sendLessonReminders } from './lesson-reminders.js';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
const NY = 'America/New_York';
/** Midnight of Tuesday 5 January 2027 in New York. */
const NOW = DateTime.fromISO('2027-01-05T00:00', { zone: NY }).toJSDate();
const lessonIds: Record<string, string> = {};

const all = <T>(fn: Parameters<typeof w.t.db.transaction<T>>[1]) => w.t.db.transaction({ kind: 'all' }, fn);
const remindLessons = (now = NOW) => all((tx) => sendLessonReminders(tx, 'http://cadenza.test', now));
const remindCredits = (now = NOW) => all((tx) => sendCreditReminders(tx, 'http://cadenza.test', now));
const queued = (kind: string) => all((tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, kind)));

/**
 * School A (New York, reminders 20 hours ahead): a private lesson at 4 pm with a room, a group
 * lesson at 6 pm (the student and otherStudent, whose reminders are off), a lesson at 9 pm (past
 * the 20 hours), a cancelled one at 5 pm. School B has no settings row (24 hours): one lesson.
 */
beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, NY);
  await setSchoolZone(w.t, w.b.adminId, NY);
  const roomId = await all(async (tx) => {
    await tx.update(schedulingSettings).set({ reminderHours: 20 }).where(eq(schedulingSettings.adminId, w.a.adminId));
    await tx.insert(classGroupStudents).values([w.a.student.id, w.a.otherStudent.id].map((studentId) => ({ adminId: w.a.adminId, classGroupId: w.a.classGroupId, studentId })));
    await tx.update(users).set({ notificationsOn: false }).where(eq(users.id, w.a.otherStudent.id));
    const [room] = await tx.insert(rooms).values({ adminId: w.a.adminId, roomName: 'Studio 2' }).returning();
    return room!.id;
  });
  const add = async (key: string, startTime: string, extra: Record<string, unknown> = {}) => {
    lessonIds[key] = (await w.api.ok('/addLesson', w.tok.admin, { ...weeklyLesson(w.a, w.types.private), repeat: 'none', date: '2027-01-05', startTime, ...extra }))._id;
  };
  await add('private', '16:00', { roomId });
  await add('group', '18:00', { lessonTypeId: w.types.group, studentIds: [], classGroupId: w.a.classGroupId, durationMinutes: 45 });
  await add('late', '21:00');
  await add('cancelled', '17:00', { studentIds: [w.a.otherStudent.id] });
  await all(async (tx) => {
    await tx.update(lessons).set({ status: 'cancelled', cancelReason: 'Closed' }).where(eq(lessons.id, lessonIds.cancelled!));
    await tx.delete(schedulingSettings).where(eq(schedulingSettings.adminId, w.b.adminId));
    const [lesson] = await tx.insert(lessons).values({
      adminId: w.b.adminId, teacherId: w.b.teacher.id, lessonTypeId: w.typesB.private,
      // 22 hours ahead: inside the default 24, outside A's 20.
      startsAt: new Date('2027-01-06T03:00:00Z'), endsAt: new Date('2027-01-06T03:30:00Z'),
    }).returning();
    lessonIds.b = lesson!.id;
    await tx.insert(lessonStudents).values({ adminId: w.b.adminId, lessonId: lesson!.id, studentId: w.b.student.id });
  });
});
afterAll(() => w.t.close());

describe('lesson reminders', () => {
  it('emails each student and parent once, even when two sweeps run at once and again', async () => {
    const [first, second] = await Promise.all([remindLessons(), remindLessons()]);
    expect(first + second).toBe(6);
    expect(await remindLessons()).toBe(0);
    const emails = await queued('lesson-reminder');
    const pairs = await all((tx) => tx.execute(sql`select lesson_id, user_id from lesson_reminders`));
    const sent = pairs.rows.map((r) => `${Object.keys(lessonIds).find((k) => lessonIds[k] === r.lesson_id)}:${String(r.user_id)}`).sort();
    expect(sent).toEqual([
      `b:${w.b.parent.id}`, `b:${w.b.student.id}`,
      `group:${w.a.parent.id}`, `group:${w.a.student.id}`,
      `private:${w.a.parent.id}`, `private:${w.a.student.id}`,
    ].sort());
    expect(emails).toHaveLength(6);
    expect(new Set(emails.map((e) => `${e.userId}:${e.subject}`)).size).toBe(6);
  });

  it('writes the time on the school’s wall clock, with the room and the teacher', async () => {
    const emails = await queued('lesson-reminder');
    const toStudent = emails.find((e) => e.userId === w.a.student.id && e.subject.includes('4:00 PM'))!;
    expect(toStudent.subject).toBe('Reminder: Private Lesson on Tue 5 Jan, 4:00 PM');
    expect(toStudent.toAddress).toBe(w.a.student.email);
    expect(toStudent.textBody).toContain('You have a Private Lesson');
    expect(toStudent.textBody).toContain('Tuesday 5 January 2027 at 4:00 PM (America/New_York time)');
    expect(toStudent.textBody).toContain('Room: Studio 2');
    expect(toStudent.textBody).toContain('Teacher: Teacher Tester');
    expect(toStudent.htmlBody).toContain('Open the calendar');
    const toParent = emails.find((e) => e.userId === w.a.parent.id && e.subject.includes('6:00 PM'))!;
    expect(toParent.subject).toBe('Reminder: Group Class on Tue 5 Jan, 6:00 PM');
    expect(toParent.textBody).toContain('Student has a Group Class');
  });

  it('reminds a lesson coming into the window on a later sweep, and nobody whose reminders are off', async () => {
    await all((tx) => tx.update(users).set({ notificationsOn: false }).where(eq(users.id, w.a.parent.id)));
    expect(await remindLessons(new Date(NOW.getTime() + 2 * 3_600_000))).toBe(1);
    const late = await all((tx) => tx.execute(sql`select user_id from lesson_reminders where lesson_id = ${lessonIds.late}`));
    expect(late.rows.map((r) => r.user_id)).toEqual([w.a.student.id]);
    await all((tx) => tx.update(users).set({ notificationsOn: true }).where(eq(users.id, w.a.parent.id)));
  });

  it('runs as the job send-lesson-reminders on the real clock and delivers', async () => {
    const soon = DateTime.now().setZone(NY).plus({ hours: 3 });
    const made = await w.api.ok('/addLesson', w.tok.admin, {
      ...weeklyLesson(w.a, w.types.private), repeat: 'none', date: soon.toISODate(), startTime: soon.toFormat('HH:mm'),
    });
    w.t.services.jobs.trigger('send-lesson-reminders');
    await w.t.services.jobs.idle();
    await w.t.services.jobs.idle();
    const subject = `Reminder: Private Lesson on ${soon.toFormat('ccc d LLL, h:mm a')}`;
    const about = (to: string) => w.t.sentEmails.filter((e) => e.to === to && e.subject === subject);
    expect(about(w.a.student.email)).toHaveLength(1);
    expect(about(w.a.parent.email)).toHaveLength(1);
    w.t.services.jobs.trigger('send-lesson-reminders');
    await w.t.services.jobs.idle();
    expect(about(w.a.student.email)).toHaveLength(1);
    await all((tx) => tx.delete(lessons).where(eq(lessons.id, made._id)));
  });
});

describe('make-up credit reminders', () => {
  it('emails the family once when a credit becomes banked-due, never for one far off, expired or used', async () => {
    const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
    const ids = await all(async (tx) => {
      const rows = await tx.insert(makeupCredits).values([
        { adminId: w.a.adminId, studentId: w.a.student.id, lessonId: lessonIds.private!, expiresAt: hours(48) },
        { adminId: w.a.adminId, studentId: w.a.student.id, lessonId: lessonIds.group!, expiresAt: hours(100) },
        { adminId: w.a.adminId, studentId: w.a.student.id, lessonId: lessonIds.late!, expiresAt: hours(-1) },
        { adminId: w.a.adminId, studentId: w.a.student.id, lessonId: lessonIds.cancelled!, expiresAt: hours(10), status: 'used' },
      ]).returning({ id: makeupCredits.id });
      return rows.map((r) => r.id);
    });
    const [one, two] = await Promise.all([remindCredits(), remindCredits()]);
    expect(one + two).toBe(2);
    expect(await remindCredits()).toBe(0);
    const emails = await queued('credit-reminder');
    expect(emails.map((e) => e.userId).sort()).toEqual([w.a.student.id, w.a.parent.id].sort());
    expect(emails.find((e) => e.userId === w.a.student.id)!.subject).toBe('Reminder: a make-up credit expires on Thu 7 Jan');
    expect(emails.find((e) => e.userId === w.a.parent.id)!.textBody).toContain("Student's make-up credit for a missed Private Lesson");
    const reminded = await all((tx) => tx.select({ id: makeupCredits.id }).from(makeupCredits)
      .where(and(inArray(makeupCredits.id, ids), sql`${makeupCredits.remindedAt} is not null`)));
    expect(reminded.map((r) => r.id)).toEqual([ids[0]]);
  });
});

describe('the extend-lesson-series job', () => {
  it('makes the rows of a series whose horizon fell behind', async () => {
    const made = await w.api.ok('/addLesson', w.tok.admin, {
      ...weeklyLesson(w.a, w.types.private, { studentIds: [w.a.otherStudent.id] }), date: DateTime.now().setZone(NY).toISODate(), startTime: '07:00', ends: 'never', count: null,
    });
    const count = () => all(async (tx) => (await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.seriesId, made.seriesId))).length);
    const full = await count();
    await all(async (tx) => {
      const cut = new Date(Date.now() + 200 * 86_400_000);
      await tx.delete(lessons).where(and(eq(lessons.seriesId, made.seriesId), sql`${lessons.startsAt} >= ${cut}`));
      await tx.update(lessonSeries).set({ materializedUntil: cut }).where(eq(lessonSeries.id, made.seriesId));
    });
    expect(await count()).toBeLessThan(full);
    w.t.services.jobs.trigger('extend-lesson-series');
    await w.t.services.jobs.idle();
    expect(await count()).toBeGreaterThanOrEqual(full);
  });
});
