import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../../shared/constants';
import { PAYMENT_REPORT_ROUTES as R, type PaymentReportFilters } from '../../../../shared/contracts/billing-reports';
import { SCHOOL_ROUTES } from '../../../../shared/contracts/schools';
import { pathOf } from '../../../../shared/contracts/route';
import type { PersonOption } from '../../../components/PeopleMultiSelect';
import { callApi } from '../../../lib/callApi';
import { downloadFile } from '../../../lib/download';
import { reportBody } from '../../../lib/rangeReport';

export const PAYMENTS_PAGE_SIZE = PAGE_SIZE.reports;
const REPORT_KEY = ['payment-report'] as const;

/** The filters besides the range, in the order they are sent. */
const PICKERS = ['adminId', 'studentId', 'method', 'status'] as const;

/** One page of the report with its totals and chart; asked only once the range is valid. */
export function usePaymentReport(filters: PaymentReportFilters, page: number, enabled: boolean) {
  const body = reportBody(filters, PICKERS);
  // useReportPage's query, through the contract (newest first, as every range report).
  return useQuery({
    queryKey: [...REPORT_KEY, body, page],
    queryFn: async () => (await callApi(R.list, { body: { ...body, page, limit: PAYMENTS_PAGE_SIZE, sortBy: 'date', orderBy: -1 } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every row of the same filters as a CSV file. */
export function exportPayments(filters: PaymentReportFilters): Promise<void> {
  const query = new URLSearchParams(Object.entries(reportBody(filters, PICKERS)).map(([k, v]) => [k, String(v)]));
  return downloadFile(`${pathOf(R.export)}?${query.toString()}`, `payments-${filters.from}-${filters.to}.csv`);
}

export function usePaymentDetails(id: string | undefined) {
  return useQuery({
    queryKey: [...REPORT_KEY, 'details', id],
    queryFn: async () => (await callApi(R.details, { params: { id: id ?? '' } })).data,
    enabled: Boolean(id),
    retry: false,
  });
}

export const pickerKey = (type: 'student' | 'school') => [...REPORT_KEY, 'options', type] as const;

/** The superadmin's school picker: schools and private teachers whose name has the text. */
export async function searchSchools(text: string): Promise<PersonOption[]> {
  const lists = await Promise.all((['School', 'Private teacher'] as const).map((addrole) =>
    callApi(SCHOOL_ROUTES.list, { body: { addrole, page: 1, limit: 20, sortBy: 'school_name', orderBy: 1, ...(text ? { search: text } : {}) } })));
  const byId = new Map(lists.flatMap((l) => l.data.results).map((s) => [s._id, { value: s._id, label: s.school_name }]));
  return [...byId.values()].sort((x, y) => x.label.localeCompare(y.label));
}
