import { PAGE_SIZE } from '../../../shared/constants';
import type { AttendanceAnswer, AttendanceFilters } from '../../../shared/contracts/attendance';
import { downloadFile } from '../../lib/download';
import { reportBody, useReportPage } from '../../lib/rangeReport';

export const ATTENDANCE_PAGE_SIZE = PAGE_SIZE.reports;
const BASE = '/reporting';
const ATTENDANCE_KEY = ['attendance'] as const;

/** The filters besides the range, in the order they are sent. */
const PICKERS = ['teacherId', 'studentId', 'status'] as const;

/** One page of the report with its totals and chart; asked only once the range is valid. */
export function useAttendance(filters: AttendanceFilters, page: number, enabled: boolean) {
  return useReportPage<AttendanceAnswer>(ATTENDANCE_KEY, `${BASE}/getAttendance`, reportBody(filters, PICKERS), page, ATTENDANCE_PAGE_SIZE, enabled);
}

/** Every row of the same filters as a CSV file (POST /reporting/exportAttendance). */
export function exportAttendance(filters: AttendanceFilters): Promise<void> {
  return downloadFile(`${BASE}/exportAttendance`, `attendance-${filters.from}-${filters.to}.csv`, reportBody(filters, PICKERS));
}

export const peopleKey = (type: 'teacher' | 'student') => [...ATTENDANCE_KEY, 'options', type] as const;
