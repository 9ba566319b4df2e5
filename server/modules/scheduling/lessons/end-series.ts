import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessons, lessonSeries } from '../../../db/schema/index.js';
import type { LessonView } from './lesson-rows.js';
import { endRuleBefore } from '../time/recurrence.js';
import { wallClockOf } from '../../../../shared/school-clock.js';

/** A series' lesson as its rule placed it: the instant and the wall clock of its RECURRENCE-ID. */
export async function occurrenceOf(tx: Tx, row: Pick<LessonView, 'id' | 'seriesId' | 'startsAt'>): Promise<{ start: Date; local: string }> {
  const [found] = await tx.select({ occurrenceStart: lessons.occurrenceStart, timeZone: lessonSeries.timeZone })
    .from(lessons).innerJoin(lessonSeries, eq(lessonSeries.id, lessons.seriesId)).where(eq(lessons.id, row.id));
  const start = found!.occurrenceStart ?? row.startsAt;
  return { start, local: wallClockOf(start, found!.timeZone).local };
}

/** The rule stops before this wall-clock start, and the extend job leaves the series alone. */
export async function endSeriesBefore(tx: Tx, seriesId: string, local: string): Promise<void> {
  const [series] = await tx.select({ rrule: lessonSeries.rrule }).from(lessonSeries).where(eq(lessonSeries.id, seriesId));
  await tx.update(lessonSeries).set({ rrule: endRuleBefore(series!.rrule, local), materializedUntil: null }).where(eq(lessonSeries.id, seriesId));
}
