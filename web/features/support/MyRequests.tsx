import { Anchor, Badge, EmptyState, Stack, Table, Text, Title } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { CATEGORY_LABELS } from '../../../shared/contracts/support';
import { ListCard, ListTable } from '../../components/ListTable';
import { usePagedResults } from '../../lib/useListState';
import { SUPPORT_PAGE_SIZE, useSupportRequests } from './api';
import { when } from './format';
import { SupportRequestForm } from './SupportRequestForm';
import { SupportRequestModal } from './SupportRequestModal';
import { SupportStatusBadge } from './SupportStatusBadge';

/** The sender's side: a new request, and their own requests with the answers. */
export function MyRequests() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useSupportRequests({}, page);
  const { results, totalPages } = usePagedResults(list.data, SUPPORT_PAGE_SIZE, page, setPage);
  return (
    <Stack gap="lg">
      <SupportRequestForm />
      <Stack gap="sm">
        <Title order={2} size="h4">Your requests</Title>
        <ListCard>
          <ListTable
            query={list}
            rowCount={results.length}
            columns={['Date', 'Subject', 'Category', 'Status']}
            errorTitle="Could not load your requests"
            empty={<EmptyState icon={<IconMessageQuestion size={28} />} title="No requests yet" description="What you send shows here, with our answers." />}
            minWidth={560}
            label="Your requests"
            pagination={{ page, totalPages, onChange: setPage }}
          >
            {results.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{when(r.createdAt)}</Text></Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setOpen(r._id)}>{r.subject}</Anchor>
                  {r.replyCount > 0 && <Text size="xs" c="dimmed">{r.replyCount === 1 ? '1 answer' : `${r.replyCount} answers`}</Text>}
                </Table.Td>
                <Table.Td><Badge variant="light" color="gray" tt="none">{CATEGORY_LABELS[r.category]}</Badge></Table.Td>
                <Table.Td><SupportStatusBadge status={r.status} /></Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </ListCard>
      </Stack>
      <SupportRequestModal id={open} onClose={() => setOpen(null)} answerable={false} />
    </Stack>
  );
}
