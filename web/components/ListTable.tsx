import { Card, Skeleton, Stack, Table } from '@mantine/core';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { ListPagination } from './ListPagination';
import { QueryError } from './QueryError';

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
  /** A header cell: a plain title, or a cell of its own (e.g. a sort button) with a key. */
  columns: readonly (string | ReactElement)[];
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

/** A paged list's table and every state it can be in: loading, empty, error with a retry. */
export function ListTable({ query, rowCount, columns, errorTitle, empty, minWidth, label, pagination, keyboardScroll, children }: Props) {
  let body: ReactNode;
  if (query.isError) {
    body = <QueryError error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />;
  } else if (!query.isPending && rowCount === 0) {
    body = empty;
  } else {
    body = (
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={keyboardScroll ? { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label ?? 'Table'}, scrolls sideways` } } : undefined}
      >
        <Table verticalSpacing="sm" highlightOnHover aria-busy={query.isFetching} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (isValidElement(column) ? column : <Table.Th key={column}>{column}</Table.Th>))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{query.isPending ? <LoadingRows columnCount={columns.length} /> : children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
