import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttendanceAnswer } from '../../../../shared/contracts/attendance';
import { api } from '../../../lib/api';

export const HISTORY_PAGE_SIZE = 10;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A student's past lessons with attendance taken, newest first: the attendance report's rows
 * (scoped by the server: staff see every lesson, a teacher their own), over its widest range.
 */
export function useLessonHistory(studentId: string, page: number) {
  return useQuery({
    queryKey: ['attendance', 'history', studentId, page],
    queryFn: async () => {
      const now = Date.now();
      // The report allows three years at once; tomorrow covers a school ahead of the reader's clock.
      const body = { studentId, from: isoDay(now - 3 * 365 * 86_400_000), to: isoDay(now + 86_400_000), page, limit: HISTORY_PAGE_SIZE, sortBy: 'date', orderBy: -1 };
      return (await api.post<AttendanceAnswer>('/reporting/getAttendance', body)).data;
    },
    placeholderData: keepPreviousData,
  });
}
