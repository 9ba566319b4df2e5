import type { RouteEntry } from '../../../shared/routes';

export type CalendarView = 'timeGridWeek' | 'timeGridDay' | 'dayGridMonth';
export type CalendarPage = { path: string; view: CalendarView; label: string; empty: string };

/** The three calendar pages, in toolbar order; each route shows one FullCalendar view. */
export const CALENDAR_PAGES: readonly CalendarPage[] = [
  { path: '/scheduling/daily', view: 'timeGridDay', label: 'Day', empty: 'No lessons this day' },
  { path: '/scheduling/weekly', view: 'timeGridWeek', label: 'Week', empty: 'No lessons this week' },
  { path: '/scheduling/monthly', view: 'dayGridMonth', label: 'Month', empty: 'No lessons this month' },
];

export function calendarPageFor(pathname: string): CalendarPage {
  return CALENDAR_PAGES.find((p) => pathname.startsWith(p.path)) ?? CALENDAR_PAGES[1]!;
}

/** The calendar pages the role's route table lists (a student has no daily view, an admin no monthly). */
export function calendarPagesOf(routes: readonly RouteEntry[]): CalendarPage[] {
  return CALENDAR_PAGES.filter((p) => routes.some((r) => r.path === p.path));
}
