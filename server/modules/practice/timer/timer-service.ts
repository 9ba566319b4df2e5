import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { practiceSessions, practiceTimers } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { conflict, notFound } from '../../../lib/http-errors.js';
import { decideTimer } from '../../../policies/practice.js';
import {
  PRACTICE_MESSAGES as M, PRACTICE_TIMER_MAX_SECONDS, practicedMessage, type PracticeStopAnswer, type PracticeTimerState, type practiceTimerBody,
} from '../../../../shared/contracts/practice.js';
import { enforce } from '../practice-students.js';
import { limitSecondsOf, totalSecondsOf } from './timer-clock.js';
import { todayIn } from '../../../../shared/school-clock.js';
import { schoolZoneOf } from '../../../lib/school-clock.js';

type TimerRow = typeof practiceTimers.$inferSelect;
type TimerBody = z.output<typeof practiceTimerBody>;

const LIVE = ['running', 'paused'];

/** The student's live timer (running or paused), locked for the change this request makes. */
async function liveTimer(tx: Tx, studentId: string): Promise<TimerRow | undefined> {
  const [row] = await tx.select().from(practiceTimers)
    .where(and(eq(practiceTimers.studentId, studentId), inArray(practiceTimers.status, LIVE))).limit(1).for('update');
  return row;
}

function stateOf(row: TimerRow | undefined, studentId: string, zone: string, now: Date): PracticeTimerState {
  if (!row || row.status === 'stopped') {
    return { _id: row?.id ?? null, studentId, type: row ? 'stop' : null, isPaused: false, isRunning: false, totalSeconds: 0, limitSeconds: PRACTICE_TIMER_MAX_SECONDS };
  }
  const totalSeconds = totalSecondsOf(row, zone, now);
  const limitSeconds = limitSecondsOf(row, zone, now);
  const paused = row.status === 'paused';
  return {
    _id: row.id, studentId, type: paused ? 'pause' : 'start', isPaused: paused, isRunning: !paused && totalSeconds < limitSeconds, totalSeconds, limitSeconds,
  };
}

/** The timer is the student's own (staff acting as the student are the student). */
async function timerContext(tx: Tx, actor: Actor, studentId: string, now: Date) {
  enforce(decideTimer(actor, studentId), M.studentNotFound);
  const zone = await schoolZoneOf(tx, actor.adminId!);
  return { zone, today: todayIn(zone, now) };
}

/** docs/domains/learning.md "Data and calls"'s getCurrentPracticeTime: the live timer, so a reload or another device resumes it. */
export async function currentPracticeTime(tx: Tx, actor: Actor, studentId: string, now: Date): Promise<PracticeTimerState> {
  const { zone } = await timerContext(tx, actor, studentId, now);
  const [row] = await tx.select().from(practiceTimers)
    .where(and(eq(practiceTimers.studentId, studentId), inArray(practiceTimers.status, LIVE))).limit(1);
  return stateOf(row, studentId, zone, now);
}

/** Stops a timer: its capped total becomes the day's practice session (one a timer). */
async function stopTimer(tx: Tx, row: TimerRow, zone: string, now: Date): Promise<number> {
  const total = totalSecondsOf(row, zone, now);
  await tx.update(practiceTimers).set({ status: 'stopped', runningSince: null, accumulatedSeconds: total, stoppedAt: now }).where(eq(practiceTimers.id, row.id));
  if (total > 0) {
    await tx.insert(practiceSessions).values({ adminId: row.adminId, studentId: row.studentId, timerId: row.id, practicedOn: row.practicedOn, seconds: total })
      .onConflictDoNothing();
  }
  return total;
}

/**
 * docs/domains/learning.md "Data and calls"'s practiceTimer {studentId, type, timerId?}: start (or resume), pause, stop.
 * Starting a running timer changes nothing, and two starts at once make one timer (the live
 * timer's unique index); a timer of an earlier school day is recorded first and a new one starts.
 */
export async function practiceTimer(tx: Tx, actor: Actor, body: TimerBody, now: Date): Promise<{ state: PracticeTimerState | PracticeStopAnswer; message: string }> {
  const { zone, today } = await timerContext(tx, actor, body.studentId, now);
  let live = await liveTimer(tx, body.studentId);
  if (body.timerId && live?.id !== body.timerId) throw notFound(M.timerNotFound);

  if (body.type === 'start') {
    if (live && live.practicedOn < today) {
      await stopTimer(tx, live, zone, now);
      live = undefined;
    }
    if (live?.status === 'paused') {
      [live] = await tx.update(practiceTimers).set({ status: 'running', runningSince: now }).where(eq(practiceTimers.id, live.id)).returning();
    } else if (!live) {
      const [made] = await tx.insert(practiceTimers).values({
        adminId: actor.adminId!, studentId: body.studentId, status: 'running', practicedOn: today, startedAt: now, runningSince: now,
      }).onConflictDoNothing().returning();
      // Another request started it at the same moment: theirs is the one timer.
      live = made ?? (await liveTimer(tx, body.studentId));
    }
    return { state: stateOf(live, body.studentId, zone, now), message: M.started };
  }

  if (!live) throw conflict(M.noTimer);
  if (body.type === 'pause') {
    if (live.status === 'running') {
      [live] = await tx.update(practiceTimers).set({ status: 'paused', runningSince: null, accumulatedSeconds: totalSecondsOf(live, zone, now) })
        .where(eq(practiceTimers.id, live.id)).returning();
    }
    return { state: stateOf(live, body.studentId, zone, now), message: M.paused };
  }

  const recordedSeconds = await stopTimer(tx, live, zone, now);
  const message = practicedMessage(recordedSeconds);
  return {
    state: { ...stateOf(undefined, body.studentId, zone, now), _id: live.id, type: 'stop', recordedSeconds, practicedOn: live.practicedOn, message },
    message,
  };
}

