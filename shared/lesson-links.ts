/**
 * Where a link about a family's lesson opens (decision 082): a student's own calendar, a parent's
 * calendar of their children, each on the lesson's day with that lesson open. The emails and the
 * bell write these links; the two calendar pages read the same query names.
 */
export const STUDENT_CALENDAR_PATH = '/scheduling/weekly';
export const FAMILY_CALENDAR_PATH = '/scheduling/family';

/** The query names both calendars read: the day to open on, and the lesson to show. */
export const CALENDAR_QUERY = { date: 'date', lesson: 'lesson' } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type LessonFocus = {
  /** The lesson's day on the school's clock, 'YYYY-MM-DD'. */
  date?: string | null;
  lessonId?: string | null;
};

/** The path (with its query) of the calendar a family member opens on a lesson. */
export function familyLessonPath(forOneself: boolean, focus: LessonFocus = {}): string {
  const query = new URLSearchParams();
  if (focus.date && DAY.test(focus.date)) query.set(CALENDAR_QUERY.date, focus.date);
  if (focus.lessonId) query.set(CALENDAR_QUERY.lesson, focus.lessonId);
  const path = forOneself ? STUDENT_CALENDAR_PATH : FAMILY_CALENDAR_PATH;
  return query.size > 0 ? `${path}?${query.toString()}` : path;
}

/** The day and lesson a calendar's address asks for (anything malformed is left out). */
export function lessonFocusOf(params: URLSearchParams): { date: string | undefined; lessonId: string | undefined } {
  const date = params.get(CALENDAR_QUERY.date) ?? '';
  const lessonId = params.get(CALENDAR_QUERY.lesson) ?? '';
  return {
    date: DAY.test(date) ? date : undefined,
    lessonId: /^[0-9a-f-]{36}$/i.test(lessonId) ? lessonId : undefined,
  };
}
