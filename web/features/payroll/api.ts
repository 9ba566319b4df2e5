import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import {
  PAYROLL_ROUTES as R, type AdjustmentForm, type ApprovedPayrollFilters, type GeneratePayrollForm, type LessonKind, type PayrollSettings,
} from '../../../shared/contracts/payroll';
import { pathOf } from '../../../shared/contracts/route';
import { callApi } from '../../lib/callApi';
import { downloadFile } from '../../lib/download';

export const PAYROLL_PAGE_SIZE = PAGE_SIZE.payroll;
const KEY = ['payroll'] as const;

export function usePayrollSettings() {
  return useQuery({ queryKey: [...KEY, 'settings'], queryFn: async () => (await callApi(R.getSettings)).data });
}

export function usePayrolls(page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', page],
    queryFn: async () => (await callApi(R.list, { body: { page, limit: PAYROLL_PAGE_SIZE, status: 'generated' } })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePayroll(id: string | null) {
  return useQuery({ queryKey: [...KEY, 'one', id], queryFn: async () => (await callApi(R.view, { params: { id: id! } })).data, enabled: !!id });
}

export function usePayrollLessons(id: string, figure: { teacherId: string; kind: LessonKind } | null) {
  return useQuery({
    queryKey: [...KEY, 'lessons', id, figure],
    queryFn: async () =>
      (await callApi(R.lessons, { params: { id }, query: { teacherId: figure!.teacherId, kind: figure!.kind } })).data.results,
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
    queryFn: async () => (await callApi(R.approved, { body: { ...approvedBody(filters), page, limit: PAYROLL_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const exportApprovedPayroll = (filters: ApprovedPayrollFilters) => downloadFile(pathOf(R.exportApproved), 'approved-payroll.csv', approvedBody(filters));
export const downloadPayslip = (payrollId: string, teacherId: string) => downloadFile(pathOf(R.payslip, { id: payrollId, teacherId }), 'payslip.pdf');

function usePayrollMutation<V, T>(send: (values: V) => Promise<{ message: string; data: T }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useSavePayrollSettings = () => usePayrollMutation((v: PayrollSettings) => callApi(R.saveSettings, { body: v }));
export const useGeneratePayroll = () => usePayrollMutation((v: GeneratePayrollForm) => callApi(R.generate, { body: v }));
export const useRegeneratePayroll = () => usePayrollMutation((id: string) => callApi(R.regenerate, { params: { id } }));
export const useApprovePayroll = () => usePayrollMutation((id: string) => callApi(R.approve, { params: { id } }));
export const useDeletePayroll = () => usePayrollMutation((id: string) => callApi(R.delete, { params: { id } }));
export const useAddAdjustment = () => usePayrollMutation((v: AdjustmentForm) => callApi(R.addAdjustment, { body: v }));
export const useDeleteAdjustment = () => usePayrollMutation((id: string) => callApi(R.deleteAdjustment, { body: { id } }));
