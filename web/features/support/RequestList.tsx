import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListResult } from '../../../shared/contracts/common';
import { CATEGORY_LABELS, type SupportCounts, type SupportRequestItem } from '../../../shared/contracts/support';
import { ListPagination } from '../../components/ListPagination';
import { QueryError } from '../../components/QueryError';
import { fullName } from '../../lib/format';
import { when } from './format';
import { SupportStatusBadge } from './SupportStatusBadge';

type Query = {
  data?: ListResult<SupportRequestItem, SupportCounts>;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type Props = {
  query: Query;
  results: SupportRequestItem[];
  label: string;
  errorTitle: string;
  empty: ReactNode;
  /** The provider sees who wrote, from which school. */
  showSender: boolean;
  onOpen: (id: string) => void;
  pagination: { page: number; totalPages: number; onChange: (page: number) => void };
};

/**
 * Requests as cards, not a table: a subject wraps on a phone instead of pushing columns off the
 * screen. Loading, empty and error states as every list's.
 */
export function RequestList({ query, results, label, errorTitle, empty, showSender, onOpen, pagination }: Props) {
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />;
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
        {[0, 1, 2].map((i) => <Skeleton key={i} h={64} radius="md" />)}
      </Stack>
    );
  }
  if (results.length === 0) return empty;
  return (
    <>
      <Stack gap="sm" component="ul" aria-label={label} aria-busy={query.isFetching} p={0} m={0} style={{ listStyle: 'none' }}>
        {results.map((r) => (
          <Paper component="li" key={r._id} withBorder radius="md" p="md" aria-label={r.subject}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Anchor component="button" type="button" fw={600} ta="left" onClick={() => onOpen(r._id)} style={{ overflowWrap: 'anywhere' }}>
                  {r.subject}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {showSender ? `${fullName(r.sender)}${r.schoolName ? `, ${r.schoolName}` : ''} · ` : ''}
                  {when(r.createdAt)}
                  {r.replyCount > 0 ? ` · ${r.replyCount === 1 ? '1 answer' : `${r.replyCount} answers`}` : ''}
                </Text>
              </Stack>
              <Group gap={6}>
                <Badge variant="light" color="gray" tt="none">{CATEGORY_LABELS[r.category]}</Badge>
                <SupportStatusBadge status={r.status} />
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ListPagination {...pagination} />
    </>
  );
}
