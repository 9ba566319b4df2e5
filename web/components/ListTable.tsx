import { Card, Skeleton, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListPagination } from './ListPagination';
import { QueryError } from './QueryError';
import { ResponsiveTable, type TableColumn } from './ResponsiveTable';

/** What a list needs to know of its query. */
export type ListQueryState = {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type Props = {
  query: ListQueryState;
  /** Rows on this page, to tell an empty list from a loading one. */
  rowCount: number;
  /**
   * The columns: each a label, or a label with a header cell of its own (a sort button) and its
   * place in a phone's card (ResponsiveTable).
   */
  columns: readonly TableColumn[];
  errorTitle: string;
  /** Shown when the list has no rows (normal or filtered, as the page decides). */
  empty: ReactNode;
  minWidth: number;
  /** The table's accessible name. */
  label?: string;
  pagination: { page: number; totalPages: number; onChange: (page: number) => void };
  /** A table with no link or button in its rows: its scroll area takes focus, so a keyboard can scroll it sideways. */
  keyboardScroll?: boolean;
  /** The rows of the current page. */
  children: ReactNode;
};

/** Skeleton rows while a page of a list loads. */
export function LoadingRows({ columnCount }: { columnCount: number }) {
  return Array.from({ length: 3 }, (_, row) => (
    <Table.Tr key={row}>
      {Array.from({ length: columnCount }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton h={16} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/**
 * A paged list's table and every state it can be in: loading, empty, error with a retry. On a
 * phone its rows are cards (ResponsiveTable).
 */
export function ListTable({ query, rowCount, columns, errorTitle, empty, minWidth, label, pagination, keyboardScroll, children }: Props) {
  let body: ReactNode;
  if (query.isError) {
    body = <QueryError error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />;
  } else if (!query.isPending && rowCount === 0) {
    body = empty;
  } else {
    body = (
      <ResponsiveTable columns={columns} minWidth={minWidth} label={label} keyboardScroll={keyboardScroll} busy={query.isFetching} highlightOnHover>
        {query.isPending ? <LoadingRows columnCount={columns.length} /> : children}
      </ResponsiveTable>
    );
  }
  return (
    <>
      {body}
      <ListPagination {...pagination} />
    </>
  );
}

/** The card a list page puts its filters and table in. */
export function ListCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}
