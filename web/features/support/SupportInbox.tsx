import { Anchor, Badge, EmptyState, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { CATEGORY_LABELS, SUPPORT_STATUSES, SUPPORT_STATUS_LABELS, type SupportStatus } from '../../../shared/contracts/support';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { fullName } from '../../lib/format';
import { usePagedResults } from '../../lib/useListState';
import { SUPPORT_PAGE_SIZE, useSupportRequests } from './api';
import { when } from './format';
import { SupportRequestModal } from './SupportRequestModal';
import { SupportStatusBadge } from './SupportStatusBadge';

type StatusFilter = SupportStatus | 'all';

/** The provider's side: every school's requests, ten a page, by status; open one to answer it. */
export function SupportInbox() {
  const [status, setStatus] = useState<StatusFilter>('open');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useSupportRequests({ status: status === 'all' ? undefined : status, search: debounced || undefined }, page);
  const { results, totalPages } = usePagedResults(list.data, SUPPORT_PAGE_SIZE, page, setPage);
  const counts = list.data;
  const label = (s: SupportStatus) => `${SUPPORT_STATUS_LABELS[s]}${counts ? ` (${counts[s]})` : ''}`;
  const filtered = status !== 'open' || search !== '';

  return (
    <Stack gap="lg">
      <ListCard>
        <ListFilters filtered={filtered} onClear={() => { setStatus('open'); setSearch(''); setPage(1); }}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="support-status-label">Status</Text>
            <SegmentedControl
              aria-labelledby="support-status-label"
              value={status}
              onChange={(v) => { setStatus(v as StatusFilter); setPage(1); }}
              data={[...SUPPORT_STATUSES.map((s) => ({ value: s, label: label(s) })), { value: 'all', label: 'All' }]}
            />
          </Stack>
          <SearchInput label="Search" placeholder="Subject" value={search} onChange={(v) => { setSearch(v); setPage(1); }} w={{ base: '100%', sm: 240 }} />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Date', 'From', 'Subject', 'Category', 'Status']}
          errorTitle="Could not load the requests"
          empty={<EmptyState icon={<IconInbox size={28} />} title={filtered ? 'No requests match' : 'No open requests'} description={filtered ? 'Try another status or search.' : 'New requests from schools and families show here.'} />}
          minWidth={760}
          label="Support requests"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((r) => (
            <Table.Tr key={r._id}>
              <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{when(r.createdAt)}</Text></Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>{fullName(r.sender)}</Text>
                <Text size="xs" c="dimmed">{r.schoolName ?? ''}</Text>
              </Table.Td>
              <Table.Td><Anchor component="button" type="button" size="sm" ta="left" onClick={() => setOpen(r._id)}>{r.subject}</Anchor></Table.Td>
              <Table.Td><Badge variant="light" color="gray" tt="none">{CATEGORY_LABELS[r.category]}</Badge></Table.Td>
              <Table.Td><SupportStatusBadge status={r.status} /></Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <SupportRequestModal id={open} onClose={() => setOpen(null)} answerable />
    </Stack>
  );
}
