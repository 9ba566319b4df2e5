/**
 * The scheduling module's one entry: lessons, make-up credits and open make-up slots, attendance, set-up, reminders and
 * the calendar feed. Nothing outside this folder imports a file inside it but this one.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { attendanceReportRoutes } from './attendance/attendance-report-routes.js';
import { attendanceRoutes } from './attendance/attendance-routes.js';
import { calendarFeedRoutes, icalRoutes } from './calendar-feed/feed-routes.js';
import { creditRoutes } from './credits/credit-routes.js';
import { seedSchedulingDemo } from './demo/seed-scheduling-demo.js';
import { registerSchedulingJobs } from './jobs.js';
import { lessonRoutes } from './lessons/lesson-routes.js';
import { makeupSlotRoutes } from './makeup-slots/slot-routes.js';
import { reminderRoutes } from './reminders/reminder-routes.js';
import { schedulingSetupRoutes } from './setup/setup-routes.js';

export const scheduling: ModuleDefinition = {
  name: 'scheduling',
  routes: [
    { plugin: lessonRoutes },
    { plugin: attendanceRoutes },
    { plugin: reminderRoutes },
    { plugin: calendarFeedRoutes },
    { plugin: icalRoutes },
    // The attendance report's calls live under /reporting (docs/domains/scheduling.md "Who may do what").
    { plugin: attendanceReportRoutes },
    { plugin: schedulingSetupRoutes },
    { plugin: creditRoutes },
    { plugin: makeupSlotRoutes },
  ],
  jobs: ({ jobs, db, config, onError }) => registerSchedulingJobs(jobs, db, config.appUrl, onError),
  seedDemo: seedSchedulingDemo,
};

/** The reminder sweeps its jobs run, for a caller that must know what they would send now. */
export { sendCreditReminders } from './reminders/credit-reminders.js';
export { sendLessonReminders } from './reminders/lesson-reminders.js';

/** What other modules may read of lessons (the dashboard's "today at a glance"), scoped as the calendar is. */
export { loadRosters, selectLessons, type LessonView, type RosterEntry } from './lessons/lesson-rows.js';
export { requireScope, visibleLessons } from './lessons/lesson-scope.js';
export { loadSchoolSchedule } from './time/school-schedule.js';

/** A lessons import (decision 099) books each row through the one create-lesson rule. */
export { addLesson } from './lessons/add-lesson.js';
export { privateLessonTypes, seriesKey, seriesKeysOf } from './lessons/imported-lessons.js';
