import { Anchor, Badge, EmptyState, Select, Stack, Table, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CHANNEL_LABELS, COMMUNICATION_CHANNELS, COMMUNICATION_STATUSES, STATUS_LABELS, communicationLogBody,
  type CommunicationChannel, type CommunicationLogQuery, type CommunicationStatus,
} from '../../../shared/contracts/communication';
import { ListCard, ListTable } from '../../components/ListTable';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { PageHeader } from '../../components/PageHeader';
import { DateRangeFilter } from '../../components/ReportFilterFields';
import { usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { LOG_PAGE_SIZE, useCommunicationLog } from './api';
import { STATUS_COLORS, when } from './logFormat';
import { MessageModal } from './MessageModal';
import type { Reach } from '../../../shared/permissions';

/** On a phone's card the recipient leads (docs/decisions/089-lists-as-cards-on-phones.md). */
const COLUMNS = ['Date', 'Channel', { label: 'To', place: 'title' }, 'Subject', 'Status'] as const;

type Filters = { from: string; to: string; channel?: CommunicationChannel; status?: CommunicationStatus; search: string };
const EMPTY: Filters = { from: '', to: '', search: '' };

function rangeErrors(f: Filters): Partial<Record<'from' | 'to', string>> {
  const parsed = communicationLogBody.safeParse({ from: f.from || undefined, to: f.to || undefined });
  if (parsed.success) return {};
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const SUBTITLES: Partial<Record<Reach, string>> = {
  taught: 'Emails and notifications to you and to your students.',
  self: 'Emails and notifications sent to you.',
  children: 'Emails and notifications sent to you and to your children.',
};

/** /reporting/communication-log: every email and notification to a person, newest first, with its status; open one to read it. */
export default function CommunicationLogPage() {
  const { user } = useRequiredSession();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const errors = rangeErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const query: CommunicationLogQuery = { ...filters, from: filters.from || undefined, to: filters.to || undefined, search: filters.search.trim() || undefined };
  const log = useCommunicationLog(query, page, valid);
  const { results, totalPages } = usePagedResults(log.data, LOG_PAGE_SIZE, page, setPage);
  const filtered = Boolean(filters.from || filters.to || filters.channel || filters.status || filters.search);
  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const staff = user.permissions.schoolOffice;

  return (
    <Stack gap="lg">
      <PageHeader title="Communication Log" subtitle={SUBTITLES[user.permissions.reach] ?? "Every email and notification the school's people were sent."} />
      <ListCard>
        <ListFilters filtered={filtered} onClear={() => { setFilters(EMPTY); setPage(1); }}>
          <SearchInput label="Search" placeholder={staff ? 'Person, address or subject' : 'Subject'} value={filters.search} onChange={(search) => change({ search })} w={{ base: '100%', sm: 240 }} />
          <DateRangeFilter range={filters} errors={errors} onChange={change} />
          <Select
            label="Channel"
            data={[{ value: 'all', label: 'All channels' }, ...COMMUNICATION_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))]}
            value={filters.channel ?? 'all'}
            allowDeselect={false}
            onChange={(v) => change({ channel: v && v !== 'all' ? (v as CommunicationChannel) : undefined })}
            w={{ base: '100%', sm: 160 }}
          />
          <Select
            label="Status"
            data={[{ value: 'all', label: 'All' }, ...COMMUNICATION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
            value={filters.status ?? 'all'}
            allowDeselect={false}
            onChange={(v) => change({ status: v && v !== 'all' ? (v as CommunicationStatus) : undefined })}
            w={{ base: '100%', sm: 160 }}
          />
        </ListFilters>
        <ListTable
          query={valid ? log : { ...log, isPending: false, isError: false }}
          rowCount={valid ? results.length : 0}
          columns={COLUMNS}
          errorTitle="Could not load the communication log"
          empty={<EmptyState icon={<IconMailOff size={28} />} title={filtered ? 'No messages match' : 'No messages yet'} description={filtered ? 'Try other filters.' : 'Emails and notifications show here as they are sent.'} />}
          minWidth={820}
          label="Communication log"
          pagination={{ page, totalPages: valid ? totalPages : 0, onChange: setPage }}
        >
          {results.map((m) => (
            <Table.Tr key={m._id}>
              <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{when(m.date)}</Text></Table.Td>
              <Table.Td><Text size="sm">{CHANNEL_LABELS[m.channel]}</Text></Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>{m.person ? `${m.person.first_name} ${m.person.last_name}` : m.to}</Text>
                {m.person && <Text size="xs" c="dimmed">{m.to}</Text>}
              </Table.Td>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" onClick={() => setOpen(m._id)} ta="left">{m.subject}</Anchor>
              </Table.Td>
              <Table.Td>
                <Badge variant="dot" color={STATUS_COLORS[m.status]} tt="none">{STATUS_LABELS[m.status]}</Badge>
                {m.reason && <Text size="xs" c={m.status === 'failed' ? 'red.8' : 'dimmed'} mt={2} lineClamp={2}>{m.reason}</Text>}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <MessageModal id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
