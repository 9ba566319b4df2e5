/**
 * The scheduling module's one entry: lessons, make-up credits, attendance, set-up, reminders and
 * the calendar feed. Nothing outside this folder imports a file inside it but this one.
 */
export { lessonRoutes } from './lessons/lesson-routes.js';
export { creditRoutes } from './credits/credit-routes.js';
export { attendanceRoutes } from './attendance/attendance-routes.js';
export { attendanceReportRoutes } from './attendance/attendance-report-routes.js';
export { reminderRoutes } from './reminders/reminder-routes.js';
export { calendarFeedRoutes, icalRoutes } from './calendar-feed/feed-routes.js';
export { schedulingSetupRoutes } from './setup/setup-routes.js';
export { registerSchedulingJobs } from './jobs.js';
export { addLesson } from './lessons/add-lesson.js';
export { grantCredits } from './credits/grant-credits.js';
export { loadSchoolSchedule } from './time/school-schedule.js';
