import { EmptyState, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { SUPPORT_STATUSES, SUPPORT_STATUS_LABELS, type SupportStatus } from '../../../shared/contracts/support';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard } from '../../components/ListTable';
import { usePagedResults } from '../../lib/useListState';
import { SUPPORT_PAGE_SIZE, useSupportRequests } from './api';
import { RequestList } from './RequestList';
import { SupportRequestModal } from './SupportRequestModal';

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
          <Select
            label="Status"
            data={[...SUPPORT_STATUSES.map((s) => ({ value: s, label: label(s) })), { value: 'all', label: 'All' }]}
            value={status}
            allowDeselect={false}
            onChange={(v) => { setStatus((v ?? 'open') as StatusFilter); setPage(1); }}
            w={{ base: '100%', sm: 180 }}
          />
          <SearchInput label="Search" placeholder="Subject" value={search} onChange={(v) => { setSearch(v); setPage(1); }} w={{ base: '100%', sm: 240 }} />
        </ListFilters>
        <RequestList
          query={list}
          results={results}
          label="Support requests"
          errorTitle="Could not load the requests"
          empty={<EmptyState icon={<IconInbox size={28} />} title={filtered ? 'No requests match' : 'No open requests'} description={filtered ? 'Try another status or search.' : 'New requests from schools and families show here.'} />}
          showSender
          onOpen={setOpen}
          pagination={{ page, totalPages, onChange: setPage }}
        />
      </ListCard>
      <SupportRequestModal id={open} onClose={() => setOpen(null)} answerable />
    </Stack>
  );
}
