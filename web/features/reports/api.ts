import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import type { StudentReportAnswer, StudentReportFilters } from '../../../shared/contracts/reports';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export const STUDENT_REPORT_PAGE_SIZE = PAGE_SIZE.reports;
const KEY = ['reports', 'student'] as const;

/** The filters as the server takes them: an unset filter is left out. */
export function studentReportBody(filters: StudentReportFilters): StudentReportFilters {
  const { from, to, teacherId, genreId, status } = filters;
  return { from, to, ...(teacherId ? { teacherId } : {}), ...(genreId ? { genreId } : {}), ...(status ? { status } : {}) };
}

/** One page of the student report; asked only once the period is valid. */
export function useStudentReport(filters: StudentReportFilters, page: number, enabled: boolean) {
  const body = studentReportBody(filters);
  return useQuery({
    queryKey: [...KEY, body, page],
    queryFn: async () =>
      (await api.post<StudentReportAnswer>('/reporting/getStudentReport', { ...body, page, limit: STUDENT_REPORT_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The same rows as a CSV file (POST /reporting/exportStudentReport). */
export function exportStudentReport(filters: StudentReportFilters): Promise<void> {
  return downloadFile('/reporting/exportStudentReport', `student-report-${filters.from}-${filters.to}.csv`, studentReportBody(filters));
}

export const teacherOptionsKey = [...KEY, 'teachers'] as const;
