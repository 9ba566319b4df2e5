import { z } from 'zod';
import { NAME_MAX, PAGE_SIZE, TEXT_MAX } from '../constants.js';
import { listQuery, optionalText, requiredId, requiredString, safeString, uuid } from './common.js';
import { defineRoute, fileResponse, listResultOf, noData } from './route.js';

/**
 * Scheduling (docs/domains/scheduling.md "Screens and routes", "Data and calls", "Rules", "Who may do what"): lessons on the weekly, daily and monthly calendars,
 * cancel and bank, make-up credits, attendance, rooms, lesson types, holidays, the school's
 * rules, reminders and the private iCal feed. Calls under /api/scheduling, in the product's style:
 *
 *   POST getEvents, getLesson, addLesson, updateLesson, moveLesson, cancelLesson, restoreLesson,
 *        deleteLesson, takeAttendance, getUpcomingLessons
 *   POST getCredits, grantCredit, bookMakeup
 *   POST makeupSlot/list, makeupSlot/add, makeupSlot/book, DELETE makeupSlot/remove (decision 028)
 *   POST room/list, room/add, room/update, DELETE room/remove
 *   POST lessonType/list, lessonType/add, lessonType/update, DELETE lessonType/remove
 *   POST holiday/list, holiday/add, DELETE holiday/remove
 *   POST getSettings, updateSettings
 *   POST notificationOnOff, getNotificationOnOff (docs/domains/scheduling.md "Data and calls")
 *   POST getCalendarFeed, resetCalendarFeed; GET ical/{token}.ics (no token: the URL is the key)
 *   POST getClassGroupStudentList (docs/domains/scheduling.md "Data and calls"; served by the classes module)
 *
 * Times on forms are the school's wall clock: a date 'YYYY-MM-DD' and a time 'HH:mm' in the
 * school's IANA zone (the answer of getEvents names it), never the browser's zone.
 */

export const SCHEDULING_MESSAGES = {
  lessonAdded: 'Lesson Added Successfully',
  lessonUpdated: 'Lesson Updated Successfully',
  lessonMoved: 'Lesson Moved Successfully',
  lessonCancelled: 'Lesson Cancelled Successfully',
  lessonBanked: 'Lesson Banked Successfully',
  lessonRestored: 'Lesson Restored Successfully',
  lessonDeleted: 'Lesson Deleted Successfully',
  lessonNotFound: 'Lesson not found',
  attendanceSaved: 'Attendance Saved Successfully',
  makeupBooked: 'Make-up Lesson Booked Successfully',
  creditGranted: 'Make-up Credit Granted Successfully',
  creditNotFound: 'Make-up credit not found',
  creditUsed: 'This make-up credit has already been used',
  creditExpired: 'This make-up credit has expired',
  roomAdded: 'Room Added Successfully',
  roomUpdated: 'Room Updated Successfully',
  roomDeleted: 'Room Deleted Successfully',
  roomNotFound: 'Room not found',
  roomTaken: 'Room already exists',
  lessonTypeAdded: 'Lesson Type Added Successfully',
  lessonTypeUpdated: 'Lesson Type Updated Successfully',
  lessonTypeDeleted: 'Lesson Type Deleted Successfully',
  lessonTypeNotFound: 'Lesson type not found',
  lessonTypeTaken: 'Lesson type already exists',
  lessonTypeInUse: 'This lesson type has lessons; it cannot be deleted',
  lessonTypeKindInUse: 'This lesson type has lessons; its kind cannot change',
  makeupPrivateOnly: 'A make-up is a private lesson; please choose a private lesson type',
  holidayAdded: 'Holiday Added Successfully',
  holidayDeleted: 'Holiday Deleted Successfully',
  holidayNotFound: 'Holiday not found',
  settingsSaved: 'Scheduling Settings Saved Successfully',
  notificationSaved: 'Notification setting saved successfully',
  feedReset: 'Calendar link reset successfully. The old link no longer works.',
  teacherNotInSchool: 'Please choose a teacher of this school',
  studentsNotInSchool: 'Please choose students of this school',
  classGroupNotInSchool: 'Please choose a class/group of this school',
  roomNotInSchool: 'Please choose a room of this school',
  studentsRequired: 'Please choose at least one student',
  studentNotOnLesson: 'This student is not on this lesson',
  familyCancelShared: 'This lesson is shared with other students; please ask the school to cancel it',
  feedNotInLoginAs: 'The calendar link is personal; sign in as yourself to see it',
  classGroupRequired: 'Class/Group is Required',
  onlyOwnLessons: 'Teachers schedule their own lessons only',
  onlyOwnStudents: 'Teachers schedule their own students and classes/groups only',
  tooFarBack: (days: number) => `Teachers may place a lesson at most ${days} day${days === 1 ? '' : 's'} in the past`,
  lessonHasAttendance: 'A lesson with attendance taken cannot be deleted; cancel it instead',
  lessonNotCancelled: 'This lesson is not cancelled',
  lessonAlreadyCancelled: 'This lesson is already cancelled',
  noLessonsInRule: 'This repeat rule gives no lessons',
  attendanceNotYet: 'Attendance can be taken once the lesson has started',
  slotAdded: 'Make-up Slot Added Successfully',
  slotRemoved: 'Make-up Slot Removed Successfully',
  slotNotFound: 'Make-up slot not found',
  slotHasBookings: 'This make-up slot has bookings; it cannot be removed',
  slotFull: 'This make-up slot is full',
  slotInPast: 'Please choose a time in the future',
  slotTooSoon: (hours: number) => `A make-up slot can be booked at least ${hours} hour${hours === 1 ? '' : 's'} ahead`,
  slotAlreadyBooked: 'This student has already booked this make-up slot',
} as const;

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused', 'cancelled'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  excused: 'Excused',
  cancelled: 'Cancelled by the school',
};

export const LESSON_KINDS = ['private', 'class_group'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

export const REPEATS = ['none', 'weekly', 'biweekly', 'monthly'] as const;
export type Repeat = (typeof REPEATS)[number];
export const REPEAT_LABELS: Record<Repeat, string> = {
  none: 'Does not repeat',
  weekly: 'Every week',
  biweekly: 'Every other week',
  monthly: 'Monthly on the same weekday',
};
export const REPEAT_ENDS = ['never', 'until', 'count'] as const;

/** "This lesson" or "this and following" (a change to a recurring lesson). */
export const SCOPES = ['this', 'following'] as const;
export type Scope = (typeof SCOPES)[number];

export const LESSON_MINUTES_MIN = 5;
export const LESSON_MINUTES_MAX = 480;
export const REPEAT_COUNT_MAX = 260;
/** A series runs at most this many years from its first lesson. */
export const REPEAT_YEARS_MAX = 5;
export const CANCEL_REASON_MAX = 500;
export const LESSON_STUDENTS_MAX = 100;
/** A calendar window: the monthly view with its spill-over weeks fits; a year does not. */
export const EVENT_WINDOW_DAYS_MAX = 62;

export const localDate = safeString({ error: 'Date is Required' }).max(10, 'Please enter a valid date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is Required')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Please enter a valid date');
export const localTime = safeString({ error: 'Start time is Required' }).max(5, 'Please enter a time as HH:mm')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time as HH:mm');

/** 'YYYY-MM-DD' of today moved by whole years (UTC: a day either way does not matter at this scale). */
function isoDateYearsFromNow(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/**
 * A date within `back` years before and `ahead` years after today (decision 024): a weekly series
 * from 2010 made 940 lessons in one request, and a holiday or term in the year 3000 means nothing.
 */
export function dateWithinYears(back: number, ahead: number, message = `Please choose a date from ${back} years ago to ${ahead} years ahead`) {
  return localDate.refine((v) => v >= isoDateYearsFromNow(-back) && v <= isoDateYearsFromNow(ahead), message);
}

/** Lessons, make-ups, holidays and terms: near today. Reports may look further back. */
export const LESSON_YEARS_BACK = 2;
export const LESSON_YEARS_AHEAD = 5;
export const REPORT_YEARS_BACK = 20;
export const lessonDate = dateWithinYears(LESSON_YEARS_BACK, LESSON_YEARS_AHEAD);

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

const when = {
  date: lessonDate,
  startTime: localTime,
  durationMinutes: z.coerce.number({ error: 'Duration is Required' }).int('Duration is whole minutes')
    .min(LESSON_MINUTES_MIN, `A lesson lasts at least ${LESSON_MINUTES_MIN} minutes`)
    .max(LESSON_MINUTES_MAX, `A lesson lasts at most ${LESSON_MINUTES_MAX} minutes`),
};

const who = {
  teacherId: requiredId('Teacher is Required'),
  lessonTypeId: requiredId('Lesson type is Required'),
  roomId: uuid.nullable().default(null),
  /** A private lesson's students; empty for a class/group lesson. */
  studentIds: z.array(uuid).max(LESSON_STUDENTS_MAX, `A lesson may have at most ${LESSON_STUDENTS_MAX} students`)
    .refine(uniqueIds, 'Each student may appear once').default([]),
  classGroupId: uuid.nullable().default(null),
  notes: optionalText(CANCEL_REASON_MAX, `Notes should allow only ${CANCEL_REASON_MAX} characters.`, { multiline: true }).default(''),
  /** Staff may book a room that is already in use (the clash is still named in the answer). */
  allowRoomConflict: z.boolean().default(false),
};

const repeatFields = {
  repeat: z.enum(REPEATS, { error: 'Please choose how the lesson repeats' }).default('none'),
  ends: z.enum(REPEAT_ENDS).default('never'),
  untilDate: localDate.nullable().default(null),
  count: z.coerce.number().int().min(1, 'Repeat at least once').max(REPEAT_COUNT_MAX, `Repeat at most ${REPEAT_COUNT_MAX} times`).nullable().default(null),
};

function checkRepeat(v: { repeat: Repeat; ends: string; untilDate: string | null; count: number | null; date: string }, ctx: z.RefinementCtx) {
  if (v.repeat === 'none') return;
  if (v.ends === 'until') {
    if (!v.untilDate) ctx.addIssue({ code: 'custom', path: ['untilDate'], message: 'End date is Required' });
    else if (v.untilDate < v.date) ctx.addIssue({ code: 'custom', path: ['untilDate'], message: 'End date must be on or after the first lesson' });
    else if (Number(v.untilDate.slice(0, 4)) - Number(v.date.slice(0, 4)) > REPEAT_YEARS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['untilDate'], message: `A lesson repeats for at most ${REPEAT_YEARS_MAX} years` });
    }
  }
  if (v.ends === 'count' && v.count == null) ctx.addIssue({ code: 'custom', path: ['count'], message: 'Number of lessons is Required' });
}

function checkWho(v: { studentIds: string[]; classGroupId: string | null }, ctx: z.RefinementCtx) {
  if (v.classGroupId && v.studentIds.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['studentIds'], message: 'A class/group lesson takes its students from the class/group' });
  }
}

/** The lesson modal (create): who, when, and how it repeats. */
export const lessonForm = z.object({ ...who, ...when, ...repeatFields }).superRefine((v, ctx) => {
  checkRepeat(v, ctx);
  checkWho(v, ctx);
});
export type LessonFormInput = z.input<typeof lessonForm>;
export type LessonFormValues = z.output<typeof lessonForm>;

/**
 * Edit: "this lesson" or "this and following"; the repeat rule itself stays. A partial update:
 * a field left out keeps its value, so the client never sends back what it was not shown.
 */
export const lessonUpdateBody = z.object({
  id: uuid,
  scope: z.enum(SCOPES).default('this'),
  teacherId: who.teacherId.optional(),
  lessonTypeId: who.lessonTypeId.optional(),
  roomId: uuid.nullable().optional(),
  studentIds: who.studentIds.removeDefault().optional(),
  classGroupId: uuid.nullable().optional(),
  notes: who.notes.removeDefault().optional(),
  allowRoomConflict: z.boolean().default(false),
  date: when.date.optional(),
  startTime: when.startTime.optional(),
  durationMinutes: when.durationMinutes.optional(),
}).superRefine((v, ctx) => checkWho({ studentIds: v.studentIds ?? [], classGroupId: v.classGroupId ?? null }, ctx));
export type LessonUpdateInput = z.input<typeof lessonUpdateBody>;
export type LessonUpdateValues = z.output<typeof lessonUpdateBody>;

/** Drag to move: the new wall-clock start (the length stays unless given). */
export const lessonMoveBody = z.object({
  id: uuid,
  scope: z.enum(SCOPES).default('this'),
  date: lessonDate,
  startTime: localTime,
  durationMinutes: when.durationMinutes.optional(),
  allowRoomConflict: z.boolean().default(false),
});
export type LessonMoveValues = z.output<typeof lessonMoveBody>;

export const lessonCancelBody = z.object({
  id: uuid,
  scope: z.enum(SCOPES).default('this'),
  cancelReason: requiredString('Reason is Required', { multiline: true }).max(CANCEL_REASON_MAX, `Reason should allow only ${CANCEL_REASON_MAX} characters.`),
  /** Bank the lesson: each student gets a make-up credit, within the school's rules. */
  bank: z.boolean().default(false),
  /** Staff only: grant credits even outside the notice window or past a limit. */
  grantAnyway: z.boolean().default(false),
});
export type LessonCancelInput = z.input<typeof lessonCancelBody>;

export const lessonIdBody = z.object({ id: uuid });
export const lessonScopeBody = z.object({ id: uuid, scope: z.enum(SCOPES).default('this') });

export const takeAttendanceBody = z.object({
  lessonId: uuid,
  attendance: z.array(z.object({
    studentId: uuid,
    status: z.enum(ATTENDANCE_STATUSES, { error: 'Please choose present, absent, late, excused or cancelled' }),
    /** The teacher's note on the lesson (left out: the note kept as it was). */
    note: optionalText(TEXT_MAX, `The note should allow only ${TEXT_MAX} characters.`, { multiline: true }).optional(),
    /** Whether the student and their parents see the note. */
    noteShared: z.boolean({ error: 'Share with family must be true or false' }).optional(),
  })).min(1, 'Please mark at least one student').max(LESSON_STUDENTS_MAX)
    .refine((marks) => uniqueIds(marks.map((m) => m.studentId)), 'Each student may appear once'),
});
export type TakeAttendanceInput = z.input<typeof takeAttendanceBody>;

/** The calendar's window and filters; staff filter by teacher, room, student or class/group. */
export const getEventsBody = z.object({
  start: z.iso.datetime({ offset: true, error: 'Start is Required' }).max(40, 'Start is Required'),
  end: z.iso.datetime({ offset: true, error: 'End is Required' }).max(40, 'End is Required'),
  teacherId: uuid.optional(),
  roomId: uuid.optional(),
  studentId: uuid.optional(),
  classGroupId: uuid.optional(),
}).refine((v) => Date.parse(v.end) > Date.parse(v.start), { path: ['end'], message: 'End must be after start' })
  .refine((v) => Date.parse(v.end) - Date.parse(v.start) <= EVENT_WINDOW_DAYS_MAX * 86_400_000, {
    path: ['end'], message: `Ask for at most ${EVENT_WINDOW_DAYS_MAX} days at once`,
  });
export type GetEventsQuery = z.input<typeof getEventsBody>;

export const upcomingLessonsBody = z.object({
  studentId: uuid.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

// --- make-up credits ----------------------------------------------------------------------

export const CREDIT_STATUSES = ['available', 'bankedDue', 'used', 'expired', 'all'] as const;
export const creditListBody = listQuery(['expiresAt', 'createdAt'] as const, PAGE_SIZE.reports).extend({
  studentId: uuid.optional(),
  status: z.enum(CREDIT_STATUSES).default('available'),
});
export type CreditListQuery = z.input<typeof creditListBody>;

export const grantCreditBody = z.object({ lessonId: uuid, studentId: uuid });

export const bookMakeupBody = z.object({
  creditId: requiredId('Make-up credit is Required'),
  teacherId: requiredId('Teacher is Required'),
  lessonTypeId: requiredId('Lesson type is Required'),
  roomId: uuid.nullable().default(null),
  ...when,
  allowRoomConflict: z.boolean().default(false),
});
export type BookMakeupInput = z.input<typeof bookMakeupBody>;

// --- open make-up slots (decision 028) ------------------------------------------------------

export const SLOT_CAPACITY_MAX = 20;

/** A time a teacher keeps for make-ups: the school publishes it for any teacher, a teacher for themself. */
export const makeupSlotForm = z.object({
  teacherId: requiredId('Teacher is Required'),
  lessonTypeId: requiredId('Lesson type is Required'),
  roomId: uuid.nullable().default(null),
  ...when,
  capacity: z.coerce.number({ error: 'Capacity is Required' }).int('Capacity is a whole number')
    .min(1, 'Capacity is at least 1').max(SLOT_CAPACITY_MAX, `Capacity is at most ${SLOT_CAPACITY_MAX}`).default(1),
});
export type MakeupSlotFormInput = z.input<typeof makeupSlotForm>;

/** Staff and teachers: the coming slots (a teacher filter for staff). Families: the open ones they may book (a parent may name a child). */
export const makeupSlotListBody = z.object({ teacherId: uuid.optional(), studentId: uuid.optional() });
export const makeupSlotIdBody = z.object({ id: uuid });
export const bookMakeupSlotBody = z.object({
  slotId: requiredId('Make-up slot is Required'),
  creditId: requiredId('Make-up credit is Required'),
});
export type BookMakeupSlotInput = z.input<typeof bookMakeupSlotBody>;

// --- rooms, lesson types, holidays, settings -----------------------------------------------

export const roomForm = z.object({
  roomName: requiredString('Room Name is Required').max(NAME_MAX, 'Room Name should allow only 100 characters.'),
  capacity: z.coerce.number().int().min(1, 'Capacity is at least 1').max(1000, 'Capacity is at most 1000').nullable().default(null),
});
export type RoomFormInput = z.input<typeof roomForm>;
export const roomUpdateBody = roomForm.extend({ id: uuid });
export const roomListBody = listQuery(['createdAt', 'roomName'] as const, PAGE_SIZE.rooms);
export type RoomListQuery = z.input<typeof roomListBody>;

export const lessonTypeForm = z.object({
  name: requiredString('Name is Required').max(NAME_MAX, 'Name should allow only 100 characters.'),
  kind: z.enum(LESSON_KINDS, { error: 'Please choose private or class/group' }),
  durationMinutes: when.durationMinutes,
});
export type LessonTypeFormInput = z.input<typeof lessonTypeForm>;
export const lessonTypeUpdateBody = lessonTypeForm.extend({ id: uuid });
export const lessonTypeListBody = listQuery(['createdAt', 'name'] as const, PAGE_SIZE.reports);

export const holidayForm = z.object({
  name: requiredString('Name is Required').max(NAME_MAX, 'Name should allow only 100 characters.'),
  startsOn: lessonDate,
  endsOn: lessonDate,
  /** Bank the lessons the closure cancels (students get make-up credits). */
  bankLessons: z.boolean().default(false),
}).refine((v) => v.endsOn >= v.startsOn, { path: ['endsOn'], message: 'The last day must be on or after the first' });
export type HolidayFormInput = z.input<typeof holidayForm>;
export const holidayListBody = listQuery(['startsOn', 'createdAt'] as const, PAGE_SIZE.reports);

/** A new school's hours: 8 am to 9 pm of its wall clock (the database's defaults too). */
export const DEFAULT_SCHOOL_HOURS = { dayStartsAt: '08:00', dayEndsAt: '21:00' } as const;
export const SCHOOL_HOURS_MESSAGE = 'Closing time must be after opening time';
const clockTime = (label: string) => requiredString(`${label} is Required`).max(5, 'Please enter a time as HH:mm')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time as HH:mm');
/** Opening and closing time, 'HH:mm' in the school's zone; the one rule: closing after opening. */
const schoolHoursFields = { dayStartsAt: clockTime('Opening time'), dayEndsAt: clockTime('Closing time') };
const closesAfterOpening = { check: (v: { dayStartsAt: string; dayEndsAt: string }) => v.dayEndsAt > v.dayStartsAt, params: { path: ['dayEndsAt'], message: SCHOOL_HOURS_MESSAGE } };
/** The school hours in answers (getEvents, getLesson): what the settings form saved. */
const schoolHoursAnswer = z.object({ dayStartsAt: z.string(), dayEndsAt: z.string() });
export type SchoolHours = z.infer<typeof schoolHoursAnswer>;

const hours = (label: string, max: number) => z.coerce.number({ error: `${label} is Required` }).int(`${label} is whole hours`).min(0, `${label} cannot be negative`).max(max, `${label} is at most ${max}`);

export const schedulingSettingsForm = z.object({
  creditMaxHeld: z.coerce.number({ error: 'Credits held is Required' }).int().min(0, 'Credits held cannot be negative').max(100, 'Credits held is at most 100'),
  creditMaxPerTerm: z.coerce.number({ error: 'Credits per term is Required' }).int().min(0, 'Credits per term cannot be negative').max(100, 'Credits per term is at most 100'),
  creditLifetimeDays: z.coerce.number({ error: 'Credit lifetime is Required' }).int().min(1, 'A credit lives at least 1 day').max(730, 'A credit lives at most 730 days'),
  noticeHours: hours('Notice', 720),
  bankedDueHours: hours('Banked-due threshold', 2160),
  reminderHours: hours('Reminder', 336),
  defaultLessonMinutes: when.durationMinutes,
  /** Optional so a form that does not show it leaves it as it is. */
  teacherBackDateDays: z.coerce.number({ error: 'Back-dating is Required' }).int('Back-dating is whole days')
    .min(0, 'Back-dating cannot be negative').max(365, 'Back-dating is at most 365 days').optional(),
  termStartsOn: lessonDate.nullable().default(null),
  termEndsOn: lessonDate.nullable().default(null),
  ...schoolHoursFields,
}).refine(closesAfterOpening.check, closesAfterOpening.params)
  .refine((v) => !v.termStartsOn === !v.termEndsOn, { path: ['termEndsOn'], message: 'Give both the first and the last day of the term' })
  .refine((v) => !v.termStartsOn || !v.termEndsOn || v.termEndsOn >= v.termStartsOn, { path: ['termEndsOn'], message: 'The term must end on or after its first day' });
export type SchedulingSettingsInput = z.input<typeof schedulingSettingsForm>;
export type SchedulingSettings = z.output<typeof schedulingSettingsForm>;
/** getSettings and updateSettings answer the rules and the zone the school hours are in. */
export const schedulingSettingsAnswer = z.object({
  creditMaxHeld: z.number().int(),
  creditMaxPerTerm: z.number().int(),
  creditLifetimeDays: z.number().int(),
  noticeHours: z.number().int(),
  bankedDueHours: z.number().int(),
  reminderHours: z.number().int(),
  defaultLessonMinutes: z.number().int(),
  /** Always sent; optional as in the form's values, which an answer stands in for. */
  teacherBackDateDays: z.number().int().optional(),
  termStartsOn: z.string().nullable(),
  termEndsOn: z.string().nullable(),
  dayStartsAt: z.string(),
  dayEndsAt: z.string(),
  timeZone: z.string(),
});
export type SchedulingSettingsAnswer = z.infer<typeof schedulingSettingsAnswer>;

// --- notifications and the calendar feed ---------------------------------------------------

/** docs/domains/scheduling.md "Data and calls": POST /scheduling/notificationOnOff (for oneself, a child, or a member staff may change). */
export const notificationOnOffBody = z.object({ userId: uuid.optional(), notificationsOn: z.boolean({ error: 'Please choose on or off' }) });
/** docs/domains/scheduling.md "Data and calls": POST /scheduling/getNotificationOnOff {userId}. */
export const getNotificationOnOffBody = z.object({ userId: uuid.optional() });

/** GET /api/scheduling/ical/{token}.ics: the token is 20 to 100 URL-safe characters. */
export const calendarFeedParams = z.object({ file: safeString().max(104, 'Calendar not found') });

// --- answers ------------------------------------------------------------------------------

const ref = z.object({ _id: z.string(), name: z.string() });
const person = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });

/** docs/domains/scheduling.md "Data and calls"'s schedule event, plus what the calendar needs to draw and offer it. */
export const scheduleEvent = z.object({
  _id: z.string(),
  title: z.string(),
  /** ISO 8601 with the school's offset at that moment. */
  start: z.string(),
  end: z.string(),
  assignedId: z.object({
    _id: z.string(),
    /** Hidden (null) when the calendar detail rule of docs/domains/scheduling.md "Who may do what" says so. */
    class_groupId: ref.nullable(),
    cancelLesson: z.boolean(),
    bankLesson: z.boolean(),
    cancelReason: z.string().nullable(),
    bankedExpDate: z.string().nullable(),
  }),
  lesson_type: ref.extend({ kind: z.enum(LESSON_KINDS) }),
  room: z.object({ _id: z.string(), roomName: z.string() }).nullable(),
  /** Hidden (null, and no students) under the detail rule. */
  teacher: person.nullable(),
  /** note/noteShared: given to whom may take attendance (staff, the lesson's teacher), else null/false. */
  studentAttendance: z.array(z.object({ studId: person, status: z.enum(ATTENDANCE_STATUSES).nullable(), note: z.string().nullable().optional(), noteShared: z.boolean().optional() })),
  seriesId: z.string().nullable(),
  /** The lesson's teacher, by id only: the calendar colours each teacher's lessons alike. */
  teacherId: z.string(),
  isMakeup: z.boolean(),
  attendanceTaken: z.boolean(),
  /** Whether the class/group and student names are shown (docs/domains/scheduling.md "Who may do what"). */
  detail: z.boolean(),
  /** The caller may edit, move, cancel and take attendance. */
  canEdit: z.boolean(),
  /** The caller may cancel (a family cancels its own private lessons). */
  canCancel: z.boolean(),
});
export type ScheduleEvent = z.infer<typeof scheduleEvent>;

/** A closure (holiday) of the school on the calendar: days of its wall clock, both ends included. */
export const calendarClosure = z.object({ _id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string() });
export type CalendarClosure = z.infer<typeof calendarClosure>;

export const eventsAnswer = z.object({
  results: z.array(scheduleEvent),
  /** The school's closures that touch the window. */
  closures: z.array(calendarClosure),
  timeZone: z.string(),
  canCreate: z.boolean(),
  /** The school's default lesson length: where a new lesson's duration starts. */
  defaultLessonMinutes: z.number().int(),
  /** Where a new lesson's next free hour is looked for, and the hours the calendar shows. */
  schoolHours: schoolHoursAnswer,
});
export type EventsAnswer = z.infer<typeof eventsAnswer>;

/** getLesson: the event plus its series rule and notes. */
export const lessonDetails = scheduleEvent.extend({
  notes: z.string(),
  repeatText: z.string().nullable(),
  durationMinutes: z.number().int(),
  /** The wall clock in the school's zone, for the edit form. */
  date: z.string(),
  startTime: z.string(),
  timeZone: z.string(),
  /** A make-up booked from this lesson starts at the next free hour within them. */
  schoolHours: schoolHoursAnswer,
});
export type LessonDetails = z.infer<typeof lessonDetails>;

/** What banking gave each student: a credit, or why not. */
export const bankOutcome = z.object({
  student: person,
  credited: z.boolean(),
  reason: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type BankOutcome = z.infer<typeof bankOutcome>;
export const cancelAnswer = z.object({ cancelled: z.number().int(), bank: z.array(bankOutcome) });
export type CancelAnswer = z.infer<typeof cancelAnswer>;

/** previewCancel: what banking the lesson would give each student, before confirming the cancel. */
export const cancelPreview = z.object({
  bank: z.array(bankOutcome),
  /** A family's cancel banks by itself (the notice window decides); staff choose to bank. */
  familyBanks: z.boolean(),
  noticeHours: z.number(),
});
export type CancelPreview = z.infer<typeof cancelPreview>;

export const makeupSlotItem = z.object({
  _id: z.string(),
  teacher: person,
  lesson_type: ref,
  room: z.object({ _id: z.string(), roomName: z.string() }).nullable(),
  /** ISO 8601 with the school's offset. */
  start: z.string(),
  end: z.string(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  booked: z.number().int(),
  /** The make-up lesson its bookings made (null while unbooked). */
  lessonId: z.string().nullable(),
  /** Unbooked, and the caller may remove it. */
  canRemove: z.boolean(),
});
export type MakeupSlotItem = z.infer<typeof makeupSlotItem>;

export const creditItem = z.object({
  _id: z.string(),
  student: person,
  lesson: z.object({ _id: z.string(), start: z.string(), lesson_type: z.string(), teacher: person.nullable() }),
  bankedExpDate: z.string(),
  status: z.enum(['available', 'used', 'expired', 'revoked']),
  bankedDue: z.boolean(),
  grantedByHand: z.boolean(),
  usedLessonId: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditItem = z.infer<typeof creditItem>;

export const roomItem = z.object({ _id: z.string(), roomName: z.string(), capacity: z.number().int().nullable(), createdAt: z.string() });
export type RoomItem = z.infer<typeof roomItem>;
export const lessonTypeItem = z.object({ _id: z.string(), name: z.string(), kind: z.enum(LESSON_KINDS), durationMinutes: z.number().int(), createdAt: z.string() });
export type LessonTypeItem = z.infer<typeof lessonTypeItem>;
export const holidayItem = z.object({ _id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string(), bankLessons: z.boolean(), lessonsCancelled: z.number().int(), createdAt: z.string() });
export type HolidayItem = z.infer<typeof holidayItem>;

export const calendarFeedAnswer = z.object({ url: z.string() });
export const notificationSettingAnswer = z.object({ userId: z.string(), notificationsOn: z.boolean() });

/** Upcoming lessons (a parent's children page, a student's dashboard). */
export const upcomingLesson = z.object({
  _id: z.string(), start: z.string(), end: z.string(), title: z.string(), room: z.string().nullable(),
  cancelled: z.boolean(), student: person.nullable(),
});
export type UpcomingLesson = z.infer<typeof upcomingLesson>;

/** addLesson, updateLesson, moveLesson: the lesson (the first of a series) and how many were made. */
export const lessonWriteAnswer = z.object({ _id: z.string(), seriesId: z.string().nullable(), count: z.number().int() });
export const lessonDeleteAnswer = z.object({ deleted: z.number().int() });
export const attendanceTakenAnswer = z.object({ lessonId: z.string(), attendanceTaken: z.boolean() });
export const upcomingLessonsAnswer = z.object({ results: z.array(upcomingLesson) });
const idAnswer = z.object({ _id: z.string() });
export const makeupBookedAnswer = z.object({ _id: z.string(), creditId: z.string() });
export const slotBookedAnswer = makeupBookedAnswer.extend({ slotId: z.string() });
export const makeupSlotsAnswer = z.object({ results: z.array(makeupSlotItem), timeZone: z.string() });
/** Removing a holiday gives back the lessons it cancelled. */
export const holidayRemovedAnswer = z.object({ restored: z.number().int() });

// --- routes (decision 059) ----------------------------------------------------------------

/**
 * Any signed-in person calls them; policies/scheduling.ts decides what each may do. The calendar
 * feed's file takes no session: its URL is the key.
 */
const meta = { roles: 'signedIn', tags: ['scheduling'] } as const;
/** The calendar link's calls take nothing. */
const emptyBody = z.object({}).default({});

export const SCHEDULING_ROUTES = {
  getEvents: defineRoute({ method: 'POST', path: '/scheduling/getEvents', body: getEventsBody, response: eventsAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  getLesson: defineRoute({ method: 'POST', path: '/scheduling/getLesson', body: lessonIdBody, response: lessonDetails, meta: { ...meta, lapsedSchool: 'open' } }),
  addLesson: defineRoute({ method: 'POST', path: '/scheduling/addLesson', body: lessonForm, response: lessonWriteAnswer, meta }),
  updateLesson: defineRoute({ method: 'POST', path: '/scheduling/updateLesson', body: lessonUpdateBody, response: lessonWriteAnswer, meta }),
  moveLesson: defineRoute({ method: 'POST', path: '/scheduling/moveLesson', body: lessonMoveBody, response: lessonWriteAnswer, meta }),
  deleteLesson: defineRoute({ method: 'POST', path: '/scheduling/deleteLesson', body: lessonScopeBody, response: lessonDeleteAnswer, meta }),
  getUpcomingLessons: defineRoute({ method: 'POST', path: '/scheduling/getUpcomingLessons', body: upcomingLessonsBody, response: upcomingLessonsAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  takeAttendance: defineRoute({ method: 'POST', path: '/scheduling/takeAttendance', body: takeAttendanceBody, response: attendanceTakenAnswer, meta }),

  cancelLesson: defineRoute({ method: 'POST', path: '/scheduling/cancelLesson', body: lessonCancelBody, response: cancelAnswer, meta }),
  previewCancel: defineRoute({ method: 'POST', path: '/scheduling/previewCancel', body: lessonIdBody, response: cancelPreview, meta: { ...meta, lapsedSchool: 'open' } }),
  restoreLesson: defineRoute({ method: 'POST', path: '/scheduling/restoreLesson', body: lessonIdBody, response: idAnswer, meta }),
  getCredits: defineRoute({ method: 'POST', path: '/scheduling/getCredits', body: creditListBody, response: listResultOf(creditItem), meta: { ...meta, lapsedSchool: 'open' } }),
  grantCredit: defineRoute({ method: 'POST', path: '/scheduling/grantCredit', body: grantCreditBody, response: bankOutcome, meta }),
  bookMakeup: defineRoute({ method: 'POST', path: '/scheduling/bookMakeup', body: bookMakeupBody, response: makeupBookedAnswer, meta }),

  listMakeupSlots: defineRoute({ method: 'POST', path: '/scheduling/makeupSlot/list', body: makeupSlotListBody, response: makeupSlotsAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  addMakeupSlot: defineRoute({ method: 'POST', path: '/scheduling/makeupSlot/add', body: makeupSlotForm, response: makeupSlotItem, meta }),
  removeMakeupSlot: defineRoute({ method: 'DELETE', path: '/scheduling/makeupSlot/remove', body: makeupSlotIdBody, response: idAnswer, meta }),
  bookMakeupSlot: defineRoute({ method: 'POST', path: '/scheduling/makeupSlot/book', body: bookMakeupSlotBody, response: slotBookedAnswer, meta }),

  listRooms: defineRoute({ method: 'POST', path: '/scheduling/room/list', body: roomListBody, response: listResultOf(roomItem), meta: { ...meta, lapsedSchool: 'open' } }),
  addRoom: defineRoute({ method: 'POST', path: '/scheduling/room/add', body: roomForm, response: roomItem, meta }),
  updateRoom: defineRoute({ method: 'POST', path: '/scheduling/room/update', body: roomUpdateBody, response: roomItem, meta }),
  removeRoom: defineRoute({ method: 'DELETE', path: '/scheduling/room/remove', body: lessonIdBody, response: noData, meta }),
  listLessonTypes: defineRoute({ method: 'POST', path: '/scheduling/lessonType/list', body: lessonTypeListBody, response: listResultOf(lessonTypeItem), meta: { ...meta, lapsedSchool: 'open' } }),
  addLessonType: defineRoute({ method: 'POST', path: '/scheduling/lessonType/add', body: lessonTypeForm, response: lessonTypeItem, meta }),
  updateLessonType: defineRoute({ method: 'POST', path: '/scheduling/lessonType/update', body: lessonTypeUpdateBody, response: lessonTypeItem, meta }),
  removeLessonType: defineRoute({ method: 'DELETE', path: '/scheduling/lessonType/remove', body: lessonIdBody, response: noData, meta }),
  listHolidays: defineRoute({ method: 'POST', path: '/scheduling/holiday/list', body: holidayListBody, response: listResultOf(holidayItem), meta: { ...meta, lapsedSchool: 'open' } }),
  addHoliday: defineRoute({ method: 'POST', path: '/scheduling/holiday/add', body: holidayForm, response: holidayItem, meta }),
  removeHoliday: defineRoute({ method: 'DELETE', path: '/scheduling/holiday/remove', body: lessonIdBody, response: holidayRemovedAnswer, meta }),
  getSettings: defineRoute({ method: 'POST', path: '/scheduling/getSettings', response: schedulingSettingsAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  updateSettings: defineRoute({ method: 'POST', path: '/scheduling/updateSettings', body: schedulingSettingsForm, response: schedulingSettingsAnswer, meta }),

  getNotificationOnOff: defineRoute({ method: 'POST', path: '/scheduling/getNotificationOnOff', body: getNotificationOnOffBody.default({}), response: notificationSettingAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  notificationOnOff: defineRoute({ method: 'POST', path: '/scheduling/notificationOnOff', body: notificationOnOffBody, response: notificationSettingAnswer, meta }),
  getCalendarFeed: defineRoute({ method: 'POST', path: '/scheduling/getCalendarFeed', body: emptyBody, response: calendarFeedAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  resetCalendarFeed: defineRoute({ method: 'POST', path: '/scheduling/resetCalendarFeed', body: emptyBody, response: calendarFeedAnswer, meta }),
  /** The private calendar link's iCalendar file, `{token}.ics`: no session, an unknown token is 404. */
  icalFeed: defineRoute({
    method: 'GET', path: '/scheduling/ical/:file', params: calendarFeedParams, response: fileResponse('text/calendar'), meta: { roles: 'public', tags: ['scheduling'] },
  }),
};
