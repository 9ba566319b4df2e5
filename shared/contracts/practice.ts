import { z } from 'zod';
import { MAX_PAGE_SIZE, NAME_MAX, PAGE_SIZE, TEXT_MAX } from '../constants.js';
import { optionalText, requiredString, safeString, searchField, uuid } from './common.js';
import { defineRoute, listResultOf, noData } from './route.js';

/**
 * Practice (issue 13; docs/domains/learning.md "Screens and routes", "Data and calls", "Rules", "Who may do what", "Messages", "Limits"). Pages: /learning/practice,
 * /learning/assign-practice, /learning/assign-practice-update/{practiceAssign_Id},
 * /learning/view-practice/{id}, /reporting/student-practice, and the Practice Timer of the
 * sidebar. Calls under /api/practice: getPractice, getPracticeStudents, addPractice,
 * updatePractice, removePractice, viewPractice/{id}, completePracticeItem,
 * completeInCompletePracticeCount, getCurrentPracticeTime, practiceTimer, studentPracticeReport.
 */
export const PRACTICE_MESSAGES = {
  studentsRequired: 'Please choose students or a class/group',
  studentsOwn: 'Please choose your own students',
  classGroupOwn: 'Please choose one of your classes/groups',
  classGroupEmpty: 'This class/group has no students yet',
  itemsRequired: 'Please add at least one song or piece',
  itemsMax: 'An assignment takes at most 20 songs or pieces',
  titleRequired: 'Song or piece is Required',
  titleMax: `Song or piece should allow only ${NAME_MAX} characters.`,
  artistMax: `Composer / artist should allow only ${NAME_MAX} characters.`,
  instructionsMax: `Instructions should allow only ${TEXT_MAX} characters.`,
  dueDateRequired: 'Due Date is Required',
  dueDateInvalid: 'Please enter a valid date',
  dueDateRange: 'Please choose a due date from a year ago to two years ahead',
  minutes: 'Please enter minutes per day from 1 to 600',
  added: 'Practice assigned successfully',
  updated: 'Practice updated successfully',
  deleted: 'Practice deleted successfully',
  notFound: 'Practice not found',
  itemNotFound: 'Song or piece not found',
  studentNotFound: 'Student not found',
  completed: 'Marked complete',
  uncompleted: 'Marked not complete',
  timerNotFound: 'Practice timer not found',
  noTimer: 'The practice timer is not running',
  started: 'Practice timer started',
  paused: 'Practice timer paused',
  /** docs/domains/learning.md "Messages": the confirmation before stopping. */
  stopConfirm: 'Are you sure that you want to stop Practice timer?',
} as const;

/** docs/domains/learning.md "Messages"'s success toast on stop: "Congratulations, you practiced {h}:{m}:{s} for today." */
export function practicedMessage(totalSeconds: number): string {
  return `Congratulations, you practiced ${clockOf(totalSeconds)} for today.`;
}

/** h:mm:ss, the timer's face and the stop message's {h}:{m}:{s}. */
export function clockOf(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/**
 * The cap of one timer (decision in the practice module): at most four hours, and only time on
 * the school day it was started (the school's zone) counts. A timer forgotten overnight records
 * the evening's practice, not the night.
 */
export const PRACTICE_TIMER_MAX_SECONDS = 4 * 60 * 60;
export const PRACTICE_ITEMS_MAX = 20;
export const PRACTICE_STUDENTS_MAX = 100;
export const MINUTES_PER_DAY_MAX = 600;

const itemForm = z.object({
  /** An item kept from before (update): its ticks stay. */
  _id: uuid.optional(),
  title: requiredString(PRACTICE_MESSAGES.titleRequired).max(NAME_MAX, PRACTICE_MESSAGES.titleMax),
  artist: optionalText(NAME_MAX, PRACTICE_MESSAGES.artistMax).default(''),
});
export type PracticeItemInput = z.input<typeof itemForm>;

const minutesPerDay = z.union([z.number({ error: PRACTICE_MESSAGES.minutes }), safeString({ error: PRACTICE_MESSAGES.minutes }).max(4, PRACTICE_MESSAGES.minutes)], { error: PRACTICE_MESSAGES.minutes })
  .transform((v) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v)))
  .refine((v) => Number.isInteger(v) && v >= 1 && v <= MINUTES_PER_DAY_MAX, PRACTICE_MESSAGES.minutes);

/** 'YYYY-MM-DD' from 'YYYY-MM-DD' moved by whole years. */
const yearsFrom = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

/** A real calendar date from a year back to two years ahead (decision 024: dates stay near today). */
const dueDate = safeString({ error: PRACTICE_MESSAGES.dueDateRequired }).max(10, PRACTICE_MESSAGES.dueDateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, PRACTICE_MESSAGES.dueDateRequired)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), PRACTICE_MESSAGES.dueDateInvalid)
  .refine((s) => s >= yearsFrom(-1) && s <= yearsFrom(2), PRACTICE_MESSAGES.dueDateRange);

const practiceFields = {
  /** Students chosen one by one; with a class/group, its members join them. */
  studentIds: z.array(uuid).max(PRACTICE_STUDENTS_MAX).default([]),
  classGroupId: uuid.nullish(),
  items: z.array(itemForm, { error: PRACTICE_MESSAGES.itemsRequired })
    .min(1, PRACTICE_MESSAGES.itemsRequired).max(PRACTICE_ITEMS_MAX, PRACTICE_MESSAGES.itemsMax),
  instructions: optionalText(TEXT_MAX, PRACTICE_MESSAGES.instructionsMax, { multiline: true }).default(''),
  due_date: dueDate,
  minutesPerDay,
};

const needsStudents = (v: { studentIds: string[]; classGroupId?: string | null }) => v.studentIds.length > 0 || !!v.classGroupId;

export const practiceForm = z.object(practiceFields)
  .refine(needsStudents, { message: PRACTICE_MESSAGES.studentsRequired, path: ['studentIds'] });
export type PracticeFormInput = z.input<typeof practiceForm>;
export type PracticeFormValues = z.output<typeof practiceForm>;

export const practiceUpdateBody = z.object({ practiceId: uuid, ...practiceFields })
  .refine(needsStudents, { message: PRACTICE_MESSAGES.studentsRequired, path: ['studentIds'] });
export type PracticeUpdateValues = z.output<typeof practiceUpdateBody>;

export const practiceIdBody = z.object({ practiceId: uuid });
export const practiceIdParams = z.object({ id: uuid });

export const PRACTICE_FILTERS = ['all', 'incomplete', 'complete'] as const;
export type PracticeFilter = (typeof PRACTICE_FILTERS)[number];

/** getPractice: assignments by due date (docs/domains/learning.md "Limits"), six a page. */
export const practiceListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.practice),
  /** One student's assignments (staff, teachers, parents). */
  studentId: uuid.optional(),
  status: z.enum(PRACTICE_FILTERS).default('all'),
  search: searchField.optional(),
});
export type PracticeListQuery = z.input<typeof practiceListBody>;

/** getPracticeStudents: the students whose practice the caller may assign or see. */
export const practiceStudentsBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  search: searchField.optional(),
});

export const completeItemBody = z.object({ itemId: uuid, complete: z.boolean().default(true) });

export const studentIdBody = z.object({ studentId: uuid });

export const TIMER_TYPES = ['start', 'pause', 'stop'] as const;
export type TimerType = (typeof TIMER_TYPES)[number];
/** docs/domains/learning.md "Data and calls": POST practiceTimer {studentId, type, optional timerId}. */
export const practiceTimerBody = z.object({ studentId: uuid, type: z.enum(TIMER_TYPES), timerId: uuid.optional() });

export const REPORT_DAYS = 28;
export const studentPracticeReportBody = z.object({ studentId: uuid });

// --- answers ------------------------------------------------------------------------------

const personRef = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });
export type PersonRef = z.infer<typeof personRef>;

const practiceItem = z.object({
  _id: z.string(),
  title: z.string(),
  artist: z.string(),
  position: z.number(),
  /** Done by the one student the view is about (a student's own list); else done by every student shown. */
  completed: z.boolean(),
  /** The students shown who ticked it. */
  completedBy: z.array(z.string()),
});
export type PracticeItem = z.infer<typeof practiceItem>;
const practiceStudentProgress = personRef.extend({ completedItems: z.number(), completed: z.boolean() });
export type PracticeStudentProgress = z.infer<typeof practiceStudentProgress>;

const practiceAssignment = z.object({
  _id: z.string(),
  instructions: z.string(),
  due_date: z.string(),
  minutesPerDay: z.number(),
  classGroup: z.object({ _id: z.string(), name: z.string() }).nullable(),
  assignedBy: personRef.nullable(),
  students: z.array(practiceStudentProgress),
  /** For one student's view (a student, or staff filtering by studentId): that student's ticks. */
  items: z.array(practiceItem),
  countSong: z.number(),
  /** Every student finished every item (one student's view: that student). */
  completed: z.boolean(),
  overdue: z.boolean(),
  /** The caller may change and delete it. */
  canEdit: z.boolean(),
  createdAt: z.string(),
});
export type PracticeAssignment = z.infer<typeof practiceAssignment>;

const practiceListAnswer = listResultOf(practiceAssignment);
export type PracticeListAnswer = z.infer<typeof practiceListAnswer>;

const practiceCounts = z.object({ completePracticeCount: z.number(), inCompletePracticeCount: z.number(), countSong: z.number(), completedSongs: z.number() });
export type PracticeCounts = z.infer<typeof practiceCounts>;

const practiceStudentsAnswer = listResultOf(personRef).extend({
  /** The classes/groups the caller may assign to (staff: the school's; a teacher: theirs). */
  classGroups: z.array(z.object({ _id: z.string(), name: z.string(), studentCount: z.number() })),
});
export type PracticeStudentsAnswer = z.infer<typeof practiceStudentsAnswer>;

/** docs/domains/learning.md "Data and calls"'s practice timer record. */
const practiceTimerState = z.object({
  _id: z.string().nullable(),
  studentId: z.string(),
  type: z.enum(TIMER_TYPES).nullable(),
  isPaused: z.boolean(),
  isRunning: z.boolean(),
  totalSeconds: z.number(),
  /** The most this timer can reach (the cap): the counter stops there. */
  limitSeconds: z.number(),
});
export type PracticeTimerState = z.infer<typeof practiceTimerState>;

const practiceStopAnswer = practiceTimerState.extend({ recordedSeconds: z.number(), practicedOn: z.string(), message: z.string() });
export type PracticeStopAnswer = z.infer<typeof practiceStopAnswer>;

const studentPracticeReport = practiceCounts.extend({
  student: personRef,
  timeZone: z.string(),
  today: z.string(),
  /** The last REPORT_DAYS days, oldest first. */
  days: z.array(z.object({ date: z.string(), minutes: z.number() })),
  /** The weeks (Monday first) of those days, oldest first. */
  weeks: z.array(z.object({ weekOf: z.string(), minutes: z.number() })),
  currentStreak: z.number(),
  longestStreak: z.number(),
  totalMinutes: z.number(),
  minutesPerDayGoal: z.number().nullable(),
});
export type StudentPracticeReport = z.infer<typeof studentPracticeReport>;

// --- routes (decision 059) ----------------------------------------------------------------

/** Any signed-in person calls them; policies/practice.ts decides what each may do. */
const meta = { roles: 'signedIn', tags: ['practice'] } as const;

export const PRACTICE_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/practice/getPractice', body: practiceListBody, response: practiceListAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  students: defineRoute({ method: 'POST', path: '/practice/getPracticeStudents', body: practiceStudentsBody, response: practiceStudentsAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  add: defineRoute({ method: 'POST', path: '/practice/addPractice', body: practiceForm, response: practiceAssignment, meta }),
  update: defineRoute({ method: 'POST', path: '/practice/updatePractice', body: practiceUpdateBody, response: practiceAssignment, meta }),
  remove: defineRoute({ method: 'DELETE', path: '/practice/removePractice', body: practiceIdBody, response: noData, meta }),
  view: defineRoute({ method: 'GET', path: '/practice/viewPractice/:id', params: practiceIdParams, response: practiceAssignment, meta: { ...meta, lapsedSchool: 'open' } }),
  completeItem: defineRoute({ method: 'POST', path: '/practice/completePracticeItem', body: completeItemBody, response: practiceAssignment, meta }),
  counts: defineRoute({ method: 'POST', path: '/practice/completeInCompletePracticeCount', body: studentIdBody, response: practiceCounts, meta: { ...meta, lapsedSchool: 'open' } }),
  currentTime: defineRoute({ method: 'POST', path: '/practice/getCurrentPracticeTime', body: studentIdBody, response: practiceTimerState, meta: { ...meta, lapsedSchool: 'open' } }),
  /** A stop answers what it recorded besides the state: that shape first (decision 059's recipe, step 2). */
  timer: defineRoute({ method: 'POST', path: '/practice/practiceTimer', body: practiceTimerBody, response: z.union([practiceStopAnswer, practiceTimerState]), meta }),
  report: defineRoute({ method: 'POST', path: '/practice/studentPracticeReport', body: studentPracticeReportBody, response: studentPracticeReport, meta: { ...meta, lapsedSchool: 'open' } }),
};
