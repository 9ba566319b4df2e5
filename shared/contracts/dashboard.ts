import { z } from 'zod';
import { defineRoute } from './route.js';

export const FIGURE_FORMATS = ['count', 'money', 'percent'] as const;

/**
 * One figure on a dashboard card; later domains add their own keys. `format` says how to show
 * `value`: a count, integer cents in `currency`, or a whole percent (null: nothing to rate yet).
 */
export const dashboardFigure = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number().int().nullable(),
  format: z.enum(FIGURE_FORMATS).optional(),
  currency: z.string().optional(),
});
export type DashboardFigure = z.infer<typeof dashboardFigure>;
export const dashboard = z.object({ figures: z.array(dashboardFigure) });
export type Dashboard = z.infer<typeof dashboard>;

/**
 * "Today, at a glance" (GET /api/dashboard/getToday): what the signed-in person has to do or
 * know today, in the school's zone. Times are ISO with the school's offset.
 */
export const glanceLesson = z.object({
  _id: z.string(),
  start: z.string(),
  end: z.string(),
  /** The lesson type. */
  lessonType: z.string(),
  /** Who it is for: the class/group's name or the students' names ('' when none). */
  who: z.string(),
  teacher: z.string().nullable(),
  room: z.string().nullable(),
  cancelled: z.boolean(),
  cancelReason: z.string().nullable(),
  isMakeup: z.boolean(),
  attendanceTaken: z.boolean(),
  /** Started by now: attendance may be taken. */
  started: z.boolean(),
});
export type GlanceLesson = z.infer<typeof glanceLesson>;

export const waitingSignup = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), createdAt: z.string() });

export const todayAtAGlance = z.object({
  /** office: admin, subadmin; teacher; student; none: a role without a calendar. */
  kind: z.enum(['office', 'teacher', 'student', 'none']),
  timeZone: z.string().nullable(),
  /** Today's date in the school's zone, YYYY-MM-DD. */
  today: z.string().nullable(),
  /** Today's lessons (the school's for the office, one's own for a teacher). */
  lessons: z.array(glanceLesson),
  /** Lessons of the last days that have started, were not cancelled, and have no attendance yet. */
  attendanceToTake: z.array(glanceLesson),
  /** This week's (Monday to Sunday) cancelled lessons: office only. */
  cancellations: z.array(glanceLesson),
  /** Widget signups waiting for the school: office only. */
  signups: z.object({ count: z.number().int(), results: z.array(waitingSignup) }).nullable(),
  /** A student's next lesson that will happen. */
  nextLesson: glanceLesson.nullable(),
  /** A student's usable make-up credits. */
  credits: z.object({ count: z.number().int(), nearestExpiry: z.string().nullable() }).nullable(),
});
export type TodayAtAGlance = z.infer<typeof todayAtAGlance>;

/** How far back "attendance still to take" looks, in days. */
export const ATTENDANCE_LOOKBACK_DAYS = 7;
/** How many lines each list of the glance carries at most. */
export const GLANCE_LIST_MAX = 20;

/** Anyone signed in: each sees their own figures and day; a lapsed school still lands here (the web's 402 page). */
const meta = { roles: 'signedIn', tags: ['dashboard'], lapsedSchool: 'open' } as const;

export const DASHBOARD_ROUTES = {
  figures: defineRoute({ method: 'GET', path: '/dashboard/getDashboard', response: dashboard, meta }),
  today: defineRoute({ method: 'GET', path: '/dashboard/getToday', response: todayAtAGlance, meta }),
};
