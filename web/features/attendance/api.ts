import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import type { AttendanceAnswer, AttendanceFilters } from '../../../shared/contracts/attendance';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export const ATTENDANCE_PAGE_SIZE = PAGE_SIZE.reports;
const BASE = '/reporting';
const ATTENDANCE_KEY = ['attendance'] as const;

/** The filters as the server takes them: an unset picker is left out, not sent as null. */
export function filterBody(filters: AttendanceFilters): AttendanceFilters {
  const body: AttendanceFilters = { from: filters.from, to: filters.to };
  if (filters.teacherId) body.teacherId = filters.teacherId;
  if (filters.studentId) body.studentId = filters.studentId;
  if (filters.status) body.status = filters.status;
  return body;
}

/** One page of the report with its totals and chart; asked only once the range is valid. */
export function useAttendance(filters: AttendanceFilters, page: number, enabled: boolean) {
  const body = filterBody(filters);
  return useQuery({
    queryKey: [...ATTENDANCE_KEY, body, page],
    queryFn: async () =>
      (await api.post<AttendanceAnswer>(`${BASE}/getAttendance`, { ...body, page, limit: ATTENDANCE_PAGE_SIZE, sortBy: 'date', orderBy: -1 })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every row of the same filters as a CSV file (POST /reporting/exportAttendance). */
export function exportAttendance(filters: AttendanceFilters): Promise<void> {
  return downloadFile(`${BASE}/exportAttendance`, `attendance-${filters.from}-${filters.to}.csv`, filterBody(filters));
}

export const peopleKey = (type: 'teacher' | 'student') => [...ATTENDANCE_KEY, 'options', type] as const;
