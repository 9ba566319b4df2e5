import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from './api';
import { notifyError } from './notify';
import type { DateRange } from './rangeReport';
import { usePagedResults } from './useListState';

export type RangeErrors = Partial<Record<keyof DateRange, string>>;

/** The range's first error of each date field, in the words of the contract. */
export function rangeErrors(schema: z.ZodType, filters: DateRange): RangeErrors {
  const parsed = schema.safeParse(filters);
  if (parsed.success) return {};
  const errors: RangeErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Whether a filter differs from the report's default: an unset picker is the same as an absent one. */
function differs<F extends DateRange>(filters: F, initial: F): boolean {
  const keys = new Set([...Object.keys(filters), ...Object.keys(initial)] as (keyof F)[]);
  return [...keys].some((key) => (filters[key] || undefined) !== (initial[key] || undefined));
}

type Paged = { results: unknown[]; totalCount: number };

type Options<F extends DateRange, A extends Paged> = {
  /** The contract's filters, whose range rules give the date fields their errors. */
  schema: z.ZodType;
  /** The default filters (a range that ends today); "Reset filters" goes back to them. */
  initial: () => NoInfer<F>;
  pageSize: number;
  useReport: (filters: F, page: number, enabled: boolean) => UseQueryResult<A>;
  exportCsv: (filters: F) => Promise<void>;
};

/**
 * A date-range report's page: its filters (any change goes back to page one), the range's errors
 * (nothing is asked while the range is wrong), the loaded page for the table and the CSV export.
 */
export function useRangeReport<F extends DateRange, A extends Paged>({ schema, initial, pageSize, useReport, exportCsv }: Options<F, A>) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const errors = rangeErrors(schema, filters);
  const valid = Object.keys(errors).length === 0;
  const report = useReport(filters, page, valid);
  const { results, totalPages } = usePagedResults<A['results'][number]>(report.data, pageSize, page, setPage);

  const change = (next: Partial<F>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const download = () => {
    setExporting(true);
    exportCsv(filters)
      .catch((error: unknown) => notifyError(errorMessage(error), 'Could not export'))
      .finally(() => setExporting(false));
  };
  return {
    filters,
    change,
    errors,
    valid,
    filtered: differs(filters, initial()),
    reset: () => {
      setFilters(initial());
      setPage(1);
    },
    data: report.data,
    exporting,
    download,
    // A wrong range shows an empty table: neither the last rows nor a load or an error.
    table: {
      query: valid ? report : { ...report, isPending: false, isError: false },
      rows: valid ? results : [],
      pagination: { page, totalPages: valid ? totalPages : 0, onChange: setPage },
    },
  };
}
