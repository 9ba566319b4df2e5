import { Badge, EmptyState, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconMailOff, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import type { GroupEmailItem } from '../../../shared/contracts/communication';
import { formatBytes } from '../../../shared/contracts/library';
import { ListTable } from '../../components/ListTable';
import { usePagedResults } from '../../lib/useListState';
import { SENDS_PAGE_SIZE, useSends } from './api';
import { when } from './logFormat';

/** On a phone's card the subject leads (docs/decisions/089-lists-as-cards-on-phones.md). */
const COLUMNS = ['Date', { label: 'Subject', place: 'title' }, 'From', 'Recipients', 'Progress'] as const;


/** A send's progress: delivered (sent or failed) of all, with the counts in words. */
export function SendProgress({ send }: { send: GroupEmailItem }) {
  const total = Math.max(send.recipientCount, 1);
  const done = send.queued === 0;
  const badgeColor = done ? (send.failed > 0 ? 'orange' : 'teal') : 'blue';
  return (
    <Stack gap={4} miw={200}>
      <Progress.Root size="md">
        <Progress.Section value={(send.sent / total) * 100} color="teal" aria-label={`${send.subject}: ${send.sent} of ${send.recipientCount} sent`} />
        <Progress.Section value={(send.failed / total) * 100} color="red" aria-label={`${send.subject}: ${send.failed} of ${send.recipientCount} failed`} />
      </Progress.Root>
      <Group gap={6} wrap="wrap">
        <Badge variant="dot" color={badgeColor} tt="none" data-testid="send-status">
          {done ? 'Sent' : 'Sending'}
        </Badge>
        <Text size="xs" c="dimmed" data-testid="send-counts">
          {send.sent} sent · {send.queued} queued · {send.failed} failed
          {send.unsubscribedCount > 0 ? ` · ${send.unsubscribedCount} unsubscribed` : ''}
        </Text>
      </Group>
    </Stack>
  );
}

/** Past group emails, newest first; the list refreshes while any is still being delivered. */
export function SendsList() {
  const [page, setPage] = useState(1);
  const sends = useSends(page);
  const { results, totalPages } = usePagedResults(sends.data, SENDS_PAGE_SIZE, page, setPage);
  return (
    <ListTable
      query={sends}
      rowCount={results.length}
      columns={COLUMNS}
      errorTitle="Could not load the group emails"
      empty={<EmptyState icon={<IconMailOff size={28} />} title="No group email yet" description="Group emails you send show here with their progress." />}
      minWidth={760}
      label="Sent group emails"
      keyboardScroll
      pagination={{ page, totalPages, onChange: setPage }}
    >
      {results.map((s) => (
        <Table.Tr key={s._id}>
          <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{when(s.createdAt)}</Text></Table.Td>
          <Table.Td>
            <Text size="sm" fw={500}>{s.subject}</Text>
            {s.attachments.length > 0 && (
              <Stack component="ul" gap={2} mt={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Attachments of ${s.subject}`}>
                {s.attachments.map((f) => (
                  <Group component="li" key={f._id} gap={4} wrap="nowrap" align="flex-start">
                    <IconPaperclip size={12} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{f.name} · {formatBytes(f.size)}</Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Table.Td>
          <Table.Td><Text size="sm">{s.sender ?? 'Removed member'}</Text></Table.Td>
          <Table.Td><Text size="sm">{s.recipientCount}</Text></Table.Td>
          <Table.Td><SendProgress send={s} /></Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
