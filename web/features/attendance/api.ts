import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import { ATTENDANCE_ROUTES as R, type AttendanceFilters } from '../../../shared/contracts/attendance';
import { pathOf } from '../../../shared/contracts/route';
import { callApi } from '../../lib/callApi';
import { downloadFile } from '../../lib/download';
import { reportBody } from '../../lib/rangeReport';

export const ATTENDANCE_PAGE_SIZE = PAGE_SIZE.reports;
const ATTENDANCE_KEY = ['attendance'] as const;

/** The filters besides the range, in the order they are sent. */
const PICKERS = ['teacherId', 'studentId', 'status'] as const;

/**
 * One page of the report with its totals and chart, newest first; asked only once the range is
 * valid. The page is asked as lib/rangeReport.ts's useReportPage asks it, through the contract.
 */
export function useAttendance(filters: AttendanceFilters, page: number, enabled: boolean) {
  const body = reportBody(filters, PICKERS);
  return useQuery({
    queryKey: [...ATTENDANCE_KEY, body, page],
    queryFn: async () => (await callApi(R.list, { body: { ...body, page, limit: ATTENDANCE_PAGE_SIZE, sortBy: 'date', orderBy: -1 } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every row of the same filters as a CSV file. */
export function exportAttendance(filters: AttendanceFilters): Promise<void> {
  return downloadFile(pathOf(R.export), `attendance-${filters.from}-${filters.to}.csv`, reportBody(filters, PICKERS));
}

export const peopleKey = (type: 'teacher' | 'student') => [...ATTENDANCE_KEY, 'options', type] as const;
