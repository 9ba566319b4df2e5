import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceStatus } from '../../../../shared/contracts/billing';
import {
  INVOICE_PAGE_SIZE, INVOICE_ROUTES as R, type InvoiceFormInput, type LessonLine, type LessonLinesInput, type RecordPaymentInput,
} from '../../../../shared/contracts/billing-invoices';
import { PAYMENT_ROUTES } from '../../../../shared/contracts/billing-payments';
import { pathOf } from '../../../../shared/contracts/route';
import { callApi } from '../../../lib/callApi';
import { downloadFile } from '../../../lib/download';

export { INVOICE_PAGE_SIZE };
const INVOICES_KEY = ['invoices'] as const;

export function useInvoiceList({ page, search, status }: { page: number; search: string; status: InvoiceStatus | null }) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'list', { page, search, status }],
    queryFn: async () =>
      (await callApi(R.list, {
        body: { page, limit: INVOICE_PAGE_SIZE, search: search || undefined, status: status ?? undefined, sortBy: 'createdAt', orderBy: -1 },
      })).data,
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'details', id],
    queryFn: async () => (await callApi(R.view, { params: { id: id ?? '' } })).data,
    enabled: Boolean(id),
  });
}

export function useInvoiceDefaults() {
  return useQuery({ queryKey: [...INVOICES_KEY, 'defaults'], queryFn: async () => (await callApi(R.defaults)).data, staleTime: 60_000 });
}

export function useBillTo(studentId: string) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'billTo', studentId],
    queryFn: async () => (await callApi(R.billTo, { body: { studentId } })).data,
    enabled: Boolean(studentId),
    staleTime: 30_000,
  });
}

/** Every invoice query is stale after a change: the list's totals, the details, the form's lines. */
function useInvoiceMutation<V, R = unknown>(call: (values: V) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }) });
}

export const useCreateInvoice = () => useInvoiceMutation((values: InvoiceFormInput) => callApi(R.create, { body: values }));
export const useUpdateInvoice = () => useInvoiceMutation((values: InvoiceFormInput & { id: string }) => callApi(R.update, { body: values }));
export const useSendInvoice = () => useInvoiceMutation((id: string) => callApi(R.send, { body: { id } }));
export const useResendInvoice = () => useInvoiceMutation((id: string) => callApi(R.resend, { body: { id } }));
export const useVoidInvoice = () => useInvoiceMutation((values: { id: string; reason: string }) => callApi(R.void, { body: values }));
export const useRecordPayment = () => useInvoiceMutation((values: RecordPaymentInput) => callApi(R.recordPayment, { body: values }));
/** A card payment refunded through the school's gateway, whole or part (the payments part's call). */
export const useRefundPayment = () => useInvoiceMutation((values: { paymentId: string; amount: string }) => callApi(PAYMENT_ROUTES.refund, { body: values }));

/** The student's lessons in a range, one line each, at the price typed. */
export async function fetchLessonLines(values: LessonLinesInput): Promise<{ lines: LessonLine[]; alreadyInvoiced: number }> {
  return (await callApi(R.lessonLines, { body: values })).data;
}

export function downloadInvoicePdf(id: string, number: string): Promise<void> {
  return downloadFile(pathOf(R.pdf, { id }), `${number}.pdf`);
}
