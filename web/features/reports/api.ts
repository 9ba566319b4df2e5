import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import { REPORT_ROUTES as R, type StudentReportFilters } from '../../../shared/contracts/reports';
import { pathOf } from '../../../shared/contracts/route';
import { callApi } from '../../lib/callApi';
import { downloadFile } from '../../lib/download';
import { reportBody } from '../../lib/rangeReport';

export const STUDENT_REPORT_PAGE_SIZE = PAGE_SIZE.reports;
const KEY = ['reports', 'student'] as const;

/** The filters besides the period, in the order they are sent. */
const PICKERS = ['teacherId', 'genreId', 'status'] as const;

/** One page of the student report; asked only once the period is valid. */
export function useStudentReport(filters: StudentReportFilters, page: number, enabled: boolean) {
  const body = reportBody(filters, PICKERS);
  return useQuery({
    queryKey: [...KEY, body, page],
    queryFn: async () =>
      (await callApi(R.getStudentReport, { body: { ...body, page, limit: STUDENT_REPORT_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The same rows as a CSV file (POST /reporting/exportStudentReport). */
export function exportStudentReport(filters: StudentReportFilters): Promise<void> {
  return downloadFile(pathOf(R.exportStudentReport), `student-report-${filters.from}-${filters.to}.csv`, reportBody(filters, PICKERS));
}

export const teacherOptionsKey = [...KEY, 'teachers'] as const;
