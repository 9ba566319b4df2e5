import { Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from './QueryError';

/** Placeholder rows the height of form fields while a record loads. */
export function FormSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} h={36} />
      ))}
    </Stack>
  );
}

type Props<T> = {
  query: UseQueryResult<T>;
  /** Names the loading placeholder for screen readers. */
  loadingLabel: string;
  errorTitle: string;
  rows?: number;
  children: (data: T) => ReactNode;
};

/** One loaded record: a placeholder while it loads, the error with a retry, then what it renders. */
export function QueryContent<T>({ query, loadingLabel, errorTitle, rows, children }: Props<T>) {
  if (query.isPending) return <FormSkeleton label={loadingLabel} rows={rows} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />;
  return children(query.data);
}
