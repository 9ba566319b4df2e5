/**
 * What the date-range reports (attendance, payments) share: the filters they send and the page
 * they ask for. The page's state is in useRangeReport.ts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api';

export type DateRange = { from: string; to: string };

/**
 * The filters as the server takes them: the range, then each picker in the order given and only
 * when set (an unset picker is left out, not sent as null; the order is the export URL's).
 */
export function reportBody<F extends DateRange>(filters: F, pickers: readonly Exclude<keyof F, keyof DateRange>[]): F {
  const body = { from: filters.from, to: filters.to } as F;
  for (const key of pickers) if (filters[key]) body[key] = filters[key];
  return body;
}

/** One page of a report with its totals and chart, newest first; asked only once the range is valid. */
export function useReportPage<Answer>(key: readonly unknown[], path: string, body: DateRange, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: [...key, body, page],
    queryFn: async () => (await api.post<Answer>(path, { ...body, page, limit: pageSize, sortBy: 'date', orderBy: -1 })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
