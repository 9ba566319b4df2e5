import type { Database } from '../../db/client.js';
import type { JobRunner } from '../../services/jobs/job-runner.js';
import { sendCreditReminders } from './reminders/credit-reminders.js';
import { sendLessonReminders } from './reminders/lesson-reminders.js';
import { extendSeriesHorizon } from './lessons/materialize-series.js';

const REMINDER_SWEEP_MS = 5 * 60_000;
// Hourly, so that a node restarted every day still extends the series (the query is one index probe).
const EXTEND_SWEEP_MS = 3_600_000;

/**
 * The timed jobs of scheduling; each runs platform-wide and is safe to run on several nodes at
 * once. The emails they queue wake delivery when their transaction commits.
 */
export function registerSchedulingJobs(jobs: JobRunner, db: Database, appUrl: string, onError: (name: string, error: unknown) => void): void {
  jobs.register('send-lesson-reminders', async () => {
    await db.transaction({ kind: 'all' }, (tx) => sendLessonReminders(tx, appUrl));
  }, REMINDER_SWEEP_MS);
  jobs.register('send-credit-reminders', async () => {
    await db.transaction({ kind: 'all' }, (tx) => sendCreditReminders(tx, appUrl));
  }, REMINDER_SWEEP_MS);
  jobs.register('extend-lesson-series', () => extendSeriesHorizon(db, new Date(), (seriesId, error) => onError(`extend-lesson-series ${seriesId}`, error)), EXTEND_SWEEP_MS);
}
