import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Tx } from '../../../db/client.js';
import { lessons, schools, users } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import type { Role } from '../../../../shared/roles.js';
import { lessonScopeOf, showsCalendarDetail } from '../../../policies/scheduling.js';
import { loadRosters, selectLessons } from '../lessons/lesson-rows.js';
import { visibleLessons } from '../lessons/lesson-scope.js';
import { presentEvent } from '../lessons/presenter.js';
import { schoolZoneSql } from '../../../lib/school-clock.js';

const DAY = 86_400_000;
const FEED_PAST_DAYS = 60;
const FEED_AHEAD_DAYS = 400;
/** A feed of a large school's staff stays a file a calendar app will take. */
const FEED_MAX_LESSONS = 5000;

/**
 * The RFC 5545 file of a user's calendar: the lessons their calendar shows, titled as the
 * calendar detail rule shows them to that user. Times are UTC instants (DTSTART…Z), so no
 * calendar app has to know the school's zone to place them; X-WR-TIMEZONE names it for display.
 */
export async function renderCalendarFeed(tx: Tx, owner: { userId: string; adminId: string }, now = new Date()): Promise<string> {
  const [person] = await tx.select({
    id: users.id, role: sql<Role>`${users.role}`, adminId: users.adminId, addrole: users.addrole,
    open: sql<boolean>`${users.status} and app_school_open(${users.adminId}, ${users.id})`,
    schoolName: schools.schoolName, timeZone: schoolZoneSql(),
  }).from(users).innerJoin(schools, eq(schools.adminId, users.adminId)).where(eq(users.id, owner.userId));
  const scope = person ? lessonScopeOf(person) : null;
  if (!person || !person.open || person.adminId !== owner.adminId || !scope) throw notFound();
  const detail = showsCalendarDetail(person.role, null);
  const where = and(visibleLessons(person, scope), gt(lessons.startsAt, new Date(now.getTime() - FEED_PAST_DAYS * DAY)), lt(lessons.startsAt, new Date(now.getTime() + FEED_AHEAD_DAYS * DAY)));
  const rows = await selectLessons(tx, where).orderBy(asc(lessons.startsAt), asc(lessons.id)).limit(FEED_MAX_LESSONS);
  const rosters = detail ? await loadRosters(tx, rows) : new Map();
  const stamps = rows.length === 0 ? [] : await tx.select({ id: lessons.id, createdAt: lessons.createdAt, updatedAt: lessons.updatedAt })
    .from(lessons).where(inArray(lessons.id, rows.map((r) => r.id)));
  const stampOf = new Map(stamps.map((s) => [s.id, s]));

  const calendar = ical({ name: `${person.schoolName} lessons`, prodId: { company: 'Cadenza', product: 'Lessons', language: 'EN' } });
  for (const row of rows) {
    const event = presentEvent(row, rosters.get(row.id) ?? [], person.timeZone, { detail, canEdit: false, canCancel: false });
    const stamp = stampOf.get(row.id)!;
    const cancelled = row.status === 'cancelled';
    calendar.createEvent({
      id: `${row.id}@cadenza`,
      start: row.startsAt,
      end: row.endsAt,
      stamp: stamp.updatedAt,
      lastModified: stamp.updatedAt,
      // Seconds since the lesson was made: grows with each change, as SEQUENCE must.
      sequence: Math.max(0, Math.floor((stamp.updatedAt.getTime() - stamp.createdAt.getTime()) / 1000)),
      summary: cancelled ? `Cancelled: ${event.title}` : event.title,
      location: row.roomName,
      description: cancelled ? `Cancelled: ${row.cancelReason ?? ''}`.trim() : null,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // Calendar properties belong before the events (RFC 5545); ical-generator writes x() ones after them.
  return calendar.toString().replace('VERSION:2.0\r\n', `VERSION:2.0\r\nX-WR-TIMEZONE:${person.timeZone}\r\n`);
}
