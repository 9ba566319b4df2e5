import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { REPORT_YEARS_BACK } from '../../../../shared/contracts/scheduling';
import { ATTENDANCE_ROUTES } from '../../../../shared/contracts/attendance';
import { callApi } from '../../../lib/callApi';

export const HISTORY_PAGE_SIZE = 10;
/** The attendance report answers at most three years at once: the history reads one such window at a time. */
export const HISTORY_WINDOW_YEARS = 3;

export type HistoryWindow = { from: string; to: string; back: number; hasEarlier: boolean };

/**
 * The `back`-th window of three years before today: 0 is the last three years (to tomorrow, for a
 * school ahead of the reader's clock), 1 the three before, and so on while the report reaches
 * (it looks back REPORT_YEARS_BACK years).
 */
export function historyWindow(back: number, today: DateTime = DateTime.now()): HistoryWindow {
  const end = today.startOf('day').plus({ days: 1 }).minus({ years: HISTORY_WINDOW_YEARS * back });
  const start = end.minus({ years: HISTORY_WINDOW_YEARS });
  const oldest = today.startOf('day').minus({ years: REPORT_YEARS_BACK }).plus({ days: 1 });
  return {
    from: start.toISODate()!,
    to: end.toISODate()!,
    back,
    hasEarlier: start.minus({ years: HISTORY_WINDOW_YEARS }) >= oldest,
  };
}

/**
 * A student's past lessons with attendance taken in one window, newest first: the attendance
 * report's rows (scoped by the server: staff see every lesson, a teacher their own).
 */
export function useLessonHistory(studentId: string, window: HistoryWindow, page: number) {
  return useQuery({
    queryKey: ['attendance', 'history', studentId, window.from, window.to, page],
    queryFn: async () => {
      const body = { studentId, from: window.from, to: window.to, page, limit: HISTORY_PAGE_SIZE, sortBy: 'date', orderBy: -1 } as const;
      return (await callApi(ATTENDANCE_ROUTES.list, { body })).data;
    },
    placeholderData: keepPreviousData,
  });
}
