import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { practiceSessions, practiceTimers } from '../../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { PRACTICE_MESSAGES as M, PRACTICE_TIMER_MAX_SECONDS, practicedMessage } from '../../../../shared/contracts/practice.js';

/**
 * The practice timer's state machine (docs/domains/learning.md "Data and calls", "Rules", "Messages"), on the server's clock: start,
 * pause, resume, stop (one session recorded for the school's day); starting twice makes one
 * timer, stop while paused records the paused total, a restarted server resumes it, and a
 * timer's time is capped. Time passes by moving the timer's stored instants back.
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Record<'admin' | 'teacher' | 'student' | 'other' | 'parent' | 'studentB' | 'adminAsStudent', string>;

const timer = (token: string | undefined, body: Record<string, unknown>) => t.call('POST', '/api/practice/practiceTimer', { token, body });
const current = async (token: string, studentId: string) => (await t.call('POST', '/api/practice/getCurrentPracticeTime', { token, body: { studentId } })).body;
const db = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;

/** Moves the student's live timer `seconds` into the past, as if that time had gone by. */
async function elapse(studentId: string, seconds: number) {
  await db(async (tx) => tx.execute(sql`update practice_timers set started_at = started_at - make_interval(secs => ${seconds}),
    running_since = running_since - make_interval(secs => ${seconds}) where student_id = ${studentId} and status in ('running', 'paused')`));
}
const sessionsOf = (studentId: string) => db<{ seconds: number; practicedOn: string; timerId: string | null }[]>((tx) =>
  tx.select({ seconds: practiceSessions.seconds, practicedOn: practiceSessions.practicedOn, timerId: practiceSessions.timerId }).from(practiceSessions).where(eq(practiceSessions.studentId, studentId)));

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  tok = {
    admin: await sessionToken(t, a.admin.id), teacher: await sessionToken(t, a.teacher.id), student: await sessionToken(t, a.student.id),
    other: await sessionToken(t, a.otherStudent.id), parent: await sessionToken(t, a.parent.id), studentB: await sessionToken(t, b.student.id),
    adminAsStudent: await sessionToken(t, a.otherStudent.id, { actorUserId: a.admin.id }),
  };
});
afterAll(() => t.close());

describe('the practice timer', () => {
  it('starts, ticks on the server’s clock, pauses, resumes and stops with the documented message', async () => {
    const s = a.student.id;
    expect((await current(tok.student, s)).data).toMatchObject({ _id: null, isPaused: false, isRunning: false, totalSeconds: 0 });
    const started = await timer(tok.student, { studentId: s, type: 'start' });
    expect(started.body).toMatchObject({ status: 200, message: M.started, data: { type: 'start', isPaused: false, isRunning: true, totalSeconds: 0 } });
    const id = started.body.data._id as string;

    await elapse(s, 90);
    expect((await current(tok.student, s)).data).toMatchObject({ _id: id, isPaused: false, isRunning: true, totalSeconds: 90 });
    const paused = await timer(tok.student, { studentId: s, type: 'pause', timerId: id });
    expect(paused.body).toMatchObject({ message: M.paused, data: { _id: id, type: 'pause', isPaused: true, isRunning: false, totalSeconds: 90 } });
    await elapse(s, 600); // a paused timer does not count
    expect((await current(tok.student, s)).data).toMatchObject({ isPaused: true, totalSeconds: 90 });

    expect((await timer(tok.student, { studentId: s, type: 'start', timerId: id })).body.data).toMatchObject({ _id: id, isRunning: true, totalSeconds: 90 });
    await elapse(s, 3_661 - 90);
    const stopped = await timer(tok.student, { studentId: s, type: 'stop' });
    expect(stopped.body.message).toBe('Congratulations, you practiced 1:01:01 for today.');
    expect(stopped.body.data).toMatchObject({ _id: id, type: 'stop', totalSeconds: 0, recordedSeconds: 3_661, isRunning: false });
    const today = DateTime.now().setZone('America/New_York').toISODate();
    expect(await sessionsOf(s)).toEqual([{ seconds: 3_661, practicedOn: today, timerId: id }]);
    // The counter is back to zero, everywhere.
    expect((await current(tok.student, s)).data).toMatchObject({ _id: null, totalSeconds: 0, isRunning: false });
  });

  it('makes one timer however often start is pressed, at once or one after the other', async () => {
    const s = a.otherStudent.id;
    const answers = await Promise.all([1, 2, 3, 4].map(() => timer(tok.other, { studentId: s, type: 'start' })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.data._id)).size).toBe(1);
    await elapse(s, 30);
    const again = await timer(tok.other, { studentId: s, type: 'start' });
    expect(again.body.data).toMatchObject({ _id: answers[0]!.body.data._id, totalSeconds: 30 });
    const live = await db<unknown[]>((tx) => tx.select().from(practiceTimers).where(eq(practiceTimers.studentId, s)));
    expect(live).toHaveLength(1);
    await timer(tok.other, { studentId: s, type: 'stop' });
  });

  it('records the paused total when stopped while paused, and nothing for a timer stopped at zero', async () => {
    const s = a.student.id;
    const before = (await sessionsOf(s)).length;
    await timer(tok.student, { studentId: s, type: 'start' });
    await elapse(s, 125);
    await timer(tok.student, { studentId: s, type: 'pause' });
    await elapse(s, 3_000);
    const stopped = await timer(tok.student, { studentId: s, type: 'stop' });
    expect(stopped.body).toMatchObject({ message: practicedMessage(125), data: { recordedSeconds: 125 } });
    expect((await sessionsOf(s)).length).toBe(before + 1);

    await timer(tok.student, { studentId: s, type: 'start' });
    const zero = await timer(tok.student, { studentId: s, type: 'stop' });
    expect(zero.body).toMatchObject({ message: 'Congratulations, you practiced 0:00:00 for today.', data: { recordedSeconds: 0 } });
    expect((await sessionsOf(s)).length).toBe(before + 1);
  });

  it('caps a timer left running at four hours', async () => {
    const s = a.student.id;
    await timer(tok.student, { studentId: s, type: 'start' });
    // Started "yesterday" at least: whichever cap bites first, the total never passes four hours.
    await elapse(s, 9 * 3600);
    const state = (await current(tok.student, s)).data;
    expect(state.totalSeconds).toBeLessThanOrEqual(PRACTICE_TIMER_MAX_SECONDS);
    expect(state.isRunning).toBe(false);
    const stopped = await timer(tok.student, { studentId: s, type: 'stop' });
    expect(stopped.body.data.recordedSeconds).toBe(state.totalSeconds);
  });

  it('records a timer of an earlier day for that day, and starts afresh', async () => {
    const s = a.student.id;
    const first = (await timer(tok.student, { studentId: s, type: 'start' })).body.data._id as string;
    const yesterday = DateTime.now().setZone('America/New_York').minus({ days: 1 }).toISODate()!;
    await db((tx) => tx.update(practiceTimers).set({ practicedOn: yesterday, runningSince: sql`now() - interval '2 days'`, accumulatedSeconds: 0 }).where(eq(practiceTimers.id, first)));
    const second = await timer(tok.student, { studentId: s, type: 'start' });
    expect(second.body.data._id).not.toBe(first);
    const recorded = (await sessionsOf(s)).find((x) => x.timerId === first);
    expect(recorded?.practicedOn).toBe(yesterday);
    await timer(tok.student, { studentId: s, type: 'stop' });
  });

  it('resumes after the server restarts: the state is the database’s', async () => {
    const s = a.student.id;
    const id = (await timer(tok.student, { studentId: s, type: 'start' })).body.data._id;
    await elapse(s, 42);
    const restarted = await createTestApp({}, { db: t.db });
    try {
      const res = await restarted.call('POST', '/api/practice/getCurrentPracticeTime', { token: tok.student, body: { studentId: s } });
      expect(res.body.data).toMatchObject({ _id: id, isRunning: true, isPaused: false });
      expect(res.body.data.totalSeconds).toBeGreaterThanOrEqual(42);
    } finally {
      await restarted.close();
    }
    await timer(tok.student, { studentId: s, type: 'stop' });
  });

  it('answers 409 to pause or stop without a timer, 404 to another timer’s id', async () => {
    const s = a.otherStudent.id;
    expect((await timer(tok.other, { studentId: s, type: 'pause' })).status).toBe(409);
    expect((await timer(tok.other, { studentId: s, type: 'stop' })).body).toMatchObject({ status: 409, message: M.noTimer });
    const mine = (await timer(tok.other, { studentId: s, type: 'start' })).body.data._id;
    expect((await timer(tok.other, { studentId: s, type: 'pause', timerId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    await timer(tok.other, { studentId: s, type: 'stop', timerId: mine });
  });

  it('is the student’s alone: 403 to staff, teachers and parents, 404 for another student, 401 signed out', async () => {
    for (const token of [tok.admin, tok.teacher, tok.parent]) {
      expect((await timer(token, { studentId: a.student.id, type: 'start' })).status).toBe(403);
      expect((await t.call('POST', '/api/practice/getCurrentPracticeTime', { token, body: { studentId: a.student.id } })).status).toBe(403);
    }
    expect((await timer(tok.other, { studentId: a.student.id, type: 'start' })).status).toBe(404);
    expect((await timer(tok.studentB, { studentId: a.student.id, type: 'start' })).status).toBe(404);
    expect((await t.call('POST', '/api/practice/getCurrentPracticeTime', { token: tok.other, body: { studentId: a.student.id } })).status).toBe(404);
    expect((await timer(undefined, { studentId: a.student.id, type: 'start' })).status).toBe(401);
    const bad = await timer(tok.student, { studentId: a.student.id, type: 'jump' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('type');
  });

  it('runs for an admin acting as a student: the student’s timer', async () => {
    const s = a.otherStudent.id;
    const res = await timer(tok.adminAsStudent, { studentId: s, type: 'start' });
    expect(res.status).toBe(200);
    expect((await current(tok.other, s)).data._id).toBe(res.body.data._id);
    await timer(tok.adminAsStudent, { studentId: s, type: 'stop' });
  });
});

describe('the student practice report', () => {
  it('gives minutes per day and week, streaks and assignment counts', async () => {
    const student = await createUser(t.db, 'student', a.adminId);
    const token = await sessionToken(t, student.id);
    const today = DateTime.now().setZone('America/New_York').startOf('day');
    // Practised 3, 2 and 1 days ago (a current streak of 3) and a run of 5 a fortnight ago.
    const days = [1, 2, 3, 14, 15, 16, 17, 18];
    await db((tx) => tx.insert(practiceSessions).values(days.map((n) => ({
      adminId: a.adminId, studentId: student.id, practicedOn: today.minus({ days: n }).toISODate()!, seconds: 20 * 60 + 29,
    }))));
    const res = await t.call('POST', '/api/practice/studentPracticeReport', { token, body: { studentId: student.id } });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({ currentStreak: 3, longestStreak: 5, totalMinutes: 160, completePracticeCount: 0, inCompletePracticeCount: 0, countSong: 0 });
    expect(r.days).toHaveLength(28);
    expect(r.days.at(-1)).toEqual({ date: today.toISODate(), minutes: 0 });
    expect(r.days.at(-2)).toEqual({ date: today.minus({ days: 1 }).toISODate(), minutes: 20 });
    expect(r.weeks.reduce((sum: number, w: { minutes: number }) => sum + w.minutes, 0)).toBe(160);
  });
});
