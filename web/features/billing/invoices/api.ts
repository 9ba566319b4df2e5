import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceStatus } from '../../../../shared/contracts/billing';
import {
  INVOICE_PAGE_SIZE, type BillTo, type InvoiceDefaults, type InvoiceDetails, type InvoiceFormInput, type InvoiceListAnswer, type LessonLine,
  type LessonLinesInput, type RecordPaymentInput,
} from '../../../../shared/contracts/billing-invoices';
import { PAYMENT_ROUTES } from '../../../../shared/contracts/billing-payments';
import { api } from '../../../lib/api';
import { callApi } from '../../../lib/callApi';
import { downloadFile } from '../../../lib/download';

export { INVOICE_PAGE_SIZE };
const BASE = '/invoices';
const INVOICES_KEY = ['invoices'] as const;

export function useInvoiceList({ page, search, status }: { page: number; search: string; status: InvoiceStatus | null }) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'list', { page, search, status }],
    queryFn: async () =>
      (await api.post<InvoiceListAnswer>(`${BASE}/list`, {
        page, limit: INVOICE_PAGE_SIZE, search: search || undefined, status: status ?? undefined, sortBy: 'createdAt', orderBy: -1,
      })).data,
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'details', id],
    queryFn: async () => (await api.get<InvoiceDetails>(`${BASE}/view/${encodeURIComponent(id ?? '')}`)).data,
    enabled: Boolean(id),
  });
}

export function useInvoiceDefaults() {
  return useQuery({ queryKey: [...INVOICES_KEY, 'defaults'], queryFn: async () => (await api.get<InvoiceDefaults>(`${BASE}/defaults`)).data, staleTime: 60_000 });
}

export function useBillTo(studentId: string) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'billTo', studentId],
    queryFn: async () => (await api.post<BillTo>(`${BASE}/billTo`, { studentId })).data,
    enabled: Boolean(studentId),
    staleTime: 30_000,
  });
}

/** Every invoice query is stale after a change: the list's totals, the details, the form's lines. */
function useInvoiceMutation<V, R = unknown>(call: (values: V) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }) });
}

type Saved = { _id: string; emailedTo: string | null };

export const useCreateInvoice = () => useInvoiceMutation((values: InvoiceFormInput) => api.post<Saved>(`${BASE}/create`, values));
export const useUpdateInvoice = () => useInvoiceMutation((values: InvoiceFormInput & { id: string }) => api.post<Saved>(`${BASE}/update`, values));
export const useSendInvoice = () => useInvoiceMutation((id: string) => api.post<Saved>(`${BASE}/send`, { id }));
export const useResendInvoice = () => useInvoiceMutation((id: string) => api.post<Saved>(`${BASE}/resend`, { id }));
export const useVoidInvoice = () => useInvoiceMutation((values: { id: string; reason: string }) => api.post<{ _id: string }>(`${BASE}/void`, values));
export const useRecordPayment = () => useInvoiceMutation((values: RecordPaymentInput) => api.post<{ status: string; balance: number }>(`${BASE}/recordPayment`, values));
/** A card payment refunded through the school's gateway, whole or part (the payments part's call). */
export const useRefundPayment = () => useInvoiceMutation((values: { paymentId: string; amount: string }) => callApi(PAYMENT_ROUTES.refund, { body: values }));

/** The student's lessons in a range, one line each, at the price typed. */
export async function fetchLessonLines(values: LessonLinesInput): Promise<{ lines: LessonLine[]; alreadyInvoiced: number }> {
  return (await api.post<{ lines: LessonLine[]; alreadyInvoiced: number }>(`${BASE}/lessonLines`, values)).data;
}

export function downloadInvoicePdf(id: string, number: string): Promise<void> {
  return downloadFile(`${BASE}/pdf/${encodeURIComponent(id)}`, `${number}.pdf`);
}
