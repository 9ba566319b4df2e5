import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import type { ListResult } from '../../../shared/contracts/common';
import type {
  AdjustmentForm, ApprovedPayrollFilters, ApprovedPayrollRow, GeneratePayrollForm, LessonKind, PayrollDetail, PayrollLesson, PayrollSettings, PayrollSummary,
} from '../../../shared/contracts/payroll';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export const PAYROLL_PAGE_SIZE = PAGE_SIZE.payroll;
const KEY = ['payroll'] as const;

export type ApprovedAnswer = ListResult<ApprovedPayrollRow> & { totals: { lessons: number; adjustments: number; total: number } };

export function usePayrollSettings() {
  return useQuery({ queryKey: [...KEY, 'settings'], queryFn: async () => (await api.get<PayrollSettings & { noticeHours: number }>('/payroll/settings')).data });
}

export function usePayrolls(page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', page],
    queryFn: async () => (await api.post<ListResult<PayrollSummary>>('/payroll/list', { page, limit: PAYROLL_PAGE_SIZE, status: 'generated' })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePayroll(id: string | null) {
  return useQuery({ queryKey: [...KEY, 'one', id], queryFn: async () => (await api.get<PayrollDetail>(`/payroll/${id}`)).data, enabled: !!id });
}

export function usePayrollLessons(id: string, figure: { teacherId: string; kind: LessonKind } | null) {
  return useQuery({
    queryKey: [...KEY, 'lessons', id, figure],
    queryFn: async () =>
      (await api.get<{ results: PayrollLesson[] }>(`/payroll/${id}/lessons?${new URLSearchParams({ teacherId: figure!.teacherId, kind: figure!.kind }).toString()}`)).data.results,
    enabled: !!figure,
  });
}

/** The approved report's filters as the server takes them: an unset field is left out. */
function approvedBody(f: ApprovedPayrollFilters): ApprovedPayrollFilters {
  return { ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}), ...(f.teacherId ? { teacherId: f.teacherId } : {}) };
}

export function useApprovedPayroll(filters: ApprovedPayrollFilters, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'approved', approvedBody(filters), page],
    queryFn: async () => (await api.post<ApprovedAnswer>('/payroll/approved', { ...approvedBody(filters), page, limit: PAYROLL_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const exportApprovedPayroll = (filters: ApprovedPayrollFilters) => downloadFile('/payroll/exportApproved', 'approved-payroll.csv', approvedBody(filters));
export const downloadPayslip = (payrollId: string, teacherId: string) => downloadFile(`/payroll/${payrollId}/payslip/${teacherId}`, 'payslip.pdf');

function usePayrollMutation<V, T>(send: (values: V) => Promise<{ message: string; data: T }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useSavePayrollSettings = () => usePayrollMutation((v: PayrollSettings) => api.post<PayrollSettings>('/payroll/settings', v));
export const useGeneratePayroll = () => usePayrollMutation((v: GeneratePayrollForm) => api.post<PayrollDetail>('/payroll/generate', v));
export const useRegeneratePayroll = () => usePayrollMutation((id: string) => api.post<PayrollDetail>(`/payroll/${id}/regenerate`));
export const useApprovePayroll = () => usePayrollMutation((id: string) => api.post<PayrollDetail>(`/payroll/${id}/approve`));
export const useDeletePayroll = () => usePayrollMutation((id: string) => api.delete<null>(`/payroll/${id}`));
export const useAddAdjustment = () => usePayrollMutation((v: AdjustmentForm) => api.post<PayrollDetail>('/payroll/adjustment', v));
export const useDeleteAdjustment = () => usePayrollMutation((id: string) => api.delete<PayrollDetail>('/payroll/adjustment', { id }));
