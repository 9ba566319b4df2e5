import { and, asc, desc, eq, gt, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { lessons, makeupCredits, studentSignups } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { ATTENDANCE_LOOKBACK_DAYS, GLANCE_LIST_MAX, type TodayAtAGlance } from '../../../shared/contracts/dashboard.js';
import { loadRosters, loadSchoolSchedule, requireScope, selectLessons, visibleLessons } from '../scheduling/index.js';
import { presentGlanceLesson, presentSignup } from './presenter.js';
import { dayBounds, inZone, todayIn } from '../../../shared/school-clock.js';
import { isSchoolStaff } from '../../../shared/roles.js';

const NOTHING: TodayAtAGlance = {
  kind: 'none', timeZone: null, today: null, lessons: [], attendanceToTake: [], cancellations: [], signups: null, nextLesson: null, credits: null,
};
const SIGNUPS_SHOWN = 5;

/** The lessons matching `where`, presented for the person looking. */
async function glanceLessons(tx: Tx, actor: Actor, zone: string, now: Date, where: SQL | undefined, order: 'asc' | 'desc', limit = GLANCE_LIST_MAX) {
  const rows = await selectLessons(tx, where)
    .orderBy(order === 'asc' ? asc(lessons.startsAt) : desc(lessons.startsAt), asc(lessons.id))
    .limit(limit);
  const rosters = await loadRosters(tx, rows);
  return rows.map((row) => presentGlanceLesson(row, rosters.get(row.id) ?? [], zone, now, actor.seesLessonDetail));
}

/**
 * Today at a glance: the office sees the school's day, what is left to do and the week's
 * cancellations; a teacher their own day; a student their next lesson and credits. Every list is
 * the caller's calendar (scheduling's `visibleLessons`), so another school's lessons never appear.
 */
export async function getTodayAtAGlance(tx: Tx, actor: Actor, now = new Date()): Promise<TodayAtAGlance> {
  const kind: TodayAtAGlance['kind'] | null = isSchoolStaff(actor.role) ? 'office' : actor.role === 'teacher' || actor.role === 'student' ? actor.role : null;
  if (!kind) return NOTHING;
  const scope = requireScope(actor);
  const { timeZone } = await loadSchoolSchedule(tx, actor.adminId);
  const local = inZone(now, timeZone);
  const todayThere = todayIn(timeZone, now);
  const { start: dayStart, end: dayEnd } = dayBounds(todayThere, timeZone);
  const mine = visibleLessons(actor, scope);
  const base: TodayAtAGlance = { ...NOTHING, kind, timeZone, today: todayThere };

  if (kind === 'student') {
    const [next] = await glanceLessons(tx, actor, timeZone, now, and(mine, eq(lessons.status, 'scheduled'), gt(lessons.endsAt, now), gt(lessons.startsAt, local.minus({ days: 1 }).toJSDate())), 'asc', 1);
    return { ...base, nextLesson: next ?? null, credits: await creditsOf(tx, actor, now, timeZone) };
  }

  const today = await glanceLessons(tx, actor, timeZone, now, and(mine, gte(lessons.startsAt, dayStart), lt(lessons.startsAt, dayEnd)), 'asc', GLANCE_LIST_MAX * 5);
  const toTake = await glanceLessons(tx, actor, timeZone, now, and(
    mine, eq(lessons.status, 'scheduled'), isNull(lessons.attendanceTakenAt),
    lte(lessons.startsAt, now), gte(lessons.startsAt, local.minus({ days: ATTENDANCE_LOOKBACK_DAYS }).startOf('day').toJSDate()),
  ), 'desc');
  if (kind === 'teacher') return { ...base, lessons: today, attendanceToTake: toTake };

  const week = local.startOf('week');
  const cancellations = await glanceLessons(tx, actor, timeZone, now, and(
    mine, eq(lessons.status, 'cancelled'), gte(lessons.startsAt, week.toJSDate()), lt(lessons.startsAt, week.plus({ weeks: 1 }).toJSDate()),
  ), 'asc');
  return { ...base, lessons: today, attendanceToTake: toTake, cancellations, signups: await waitingSignups(tx, actor.adminId!) };
}

/** The student's own usable credits: how many, and when the first of them expires. */
async function creditsOf(tx: Tx, actor: Actor, now: Date, zone: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`, nearest: sql<string | null>`min(${makeupCredits.expiresAt})` })
    .from(makeupCredits)
    .where(and(eq(makeupCredits.adminId, actor.adminId!), eq(makeupCredits.studentId, actor.id), eq(makeupCredits.status, 'available'), gt(makeupCredits.expiresAt, now)));
  const nearest = row?.nearest ? inZone(new Date(row.nearest), zone).toISO({ suppressMilliseconds: true }) : null;
  return { count: row?.count ?? 0, nearestExpiry: nearest };
}

/** Widget signups waiting for the school's decision, newest first. */
async function waitingSignups(tx: Tx, school: string) {
  const rows = await tx
    .select({ id: studentSignups.id, firstName: studentSignups.firstName, lastName: studentSignups.lastName, createdAt: studentSignups.createdAt, total: sql<number>`count(*) over ()::int` })
    .from(studentSignups)
    .where(and(eq(studentSignups.adminId, school), eq(studentSignups.status, 'pending')))
    .orderBy(desc(studentSignups.createdAt), desc(studentSignups.id))
    .limit(SIGNUPS_SHOWN);
  return { count: rows[0]?.total ?? 0, results: rows.map(presentSignup) };
}
