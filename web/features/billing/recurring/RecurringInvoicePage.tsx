import { Badge, Button, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlus, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import type { RecurringItem } from '../../../../shared/contracts/billing-recurring';
import { AppModal } from '../../../components/AppModal';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ListFilters, SearchInput } from '../../../components/ListFilters';
import { ListCard, ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../../components/RowActions';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useListState, usePagedResults } from '../../../lib/useListState';
import { calendarDate } from '../reports/format';
import { useBillingSettings } from '../settings/api';
import { BillingSettingsButton } from '../settings/BillingSettingsButton';
import { RECURRING_PAGE_SIZE, useRecurringList, useRemoveRecurring, useSetRecurringActive } from './api';
import { RecurringForm } from './RecurringForm';
import { formatDollars } from '../../../../shared/money';

type Status = 'active' | 'paused' | undefined;
const STATUS_OPTIONS = [{ value: 'all', label: 'All' }, { value: 'active', label: 'Active' }, { value: 'paused', label: 'Paused' }];
type Editing = { item: RecurringItem | null } | null;

function Row({ item, onEdit, onDelete }: { item: RecurringItem; onEdit: () => void; onDelete: () => void }) {
  const setActive = useSetRecurringActive();
  const name = fullName(item.student);
  const toggle = () => setActive.mutate({ id: item._id, active: !item.active }, {
    onSuccess: (result) => notifySuccess(result.message),
    onError: (error) => notifyError(errorMessage(error)),
  });
  return (
    <Table.Tr>
      <Table.Td><Text size="sm" fw={500}>{name}</Text></Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>{item.linesSummary}</Text>
        {item.discount > 0 && <Text size="xs" c="dimmed">Discount {formatDollars(item.discount)}</Text>}
      </Table.Td>
      <Table.Td><Text size="sm" fw={600}>{formatDollars(item.amount)}</Text></Table.Td>
      <Table.Td>
        <Text size="sm">{item.schedule}</Text>
        {item.endsOn && <Text size="xs" c="dimmed">Until {calendarDate(item.endsOn)}</Text>}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={item.active && item.nextInvoiceOn ? undefined : 'dimmed'}>
          {!item.nextInvoiceOn ? 'Ended' : item.active ? calendarDate(item.nextInvoiceOn) : 'Paused'}
        </Text>
        <Text size="xs" c="dimmed">{item.autoSend ? 'Sent automatically' : 'Kept as a draft'}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="dot" color={item.active ? 'green' : 'gray'} tt="none">{item.active ? 'Active' : 'Paused'}</Badge>
      </Table.Td>
      <Table.Td>
        <RowActions>
          <EditAction name={`the recurring invoice of ${name}`} onClick={onEdit} />
          <RowAction
            label={item.active ? 'Pause' : 'Resume'}
            ariaLabel={`${item.active ? 'Pause' : 'Resume'} the recurring invoice of ${name}`}
            icon={item.active ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
            onClick={toggle}
          />
          <DeleteAction name={`the recurring invoice of ${name}`} onClick={onDelete} />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}

/** /studentbilling/recuringInvoice: the school's recurring invoices, and the form that makes them. */
export default function RecurringInvoicePage() {
  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [status, setStatusRaw] = useState<Status>(undefined);
  const setStatus = filterSetter(setStatusRaw);
  const list = useRecurringList({ page, search: debouncedSearch || undefined, status });
  const { results, totalPages } = usePagedResults(list.data, RECURRING_PAGE_SIZE, page, setPage);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RecurringItem | null>(null);
  const remove = useRemoveRecurring();
  const settings = useBillingSettings(editing !== null && editing.item === null);
  const filtered = Boolean(search || status);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Recurring Invoice"
        subtitle={list.data ? `${list.data.activeCount} active, ${list.data.pausedCount} paused` : 'Invoices issued to a student every month or every few weeks.'}
        actions={
          <Group gap="sm">
            <BillingSettingsButton />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>New recurring invoice</Button>
          </Group>
        }
      />
      <ListCard>
        <ListFilters filtered={filtered} onClear={() => { setSearch(''); setStatus(undefined); }}>
          <SearchInput label="Search" placeholder="Student name" value={search} onChange={setSearch} w={{ base: '100%', sm: 260 }} />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status ?? 'all'}
            allowDeselect={false}
            onChange={(v) => setStatus(v === 'active' || v === 'paused' ? v : undefined)}
            w={{ base: '100%', sm: 160 }}
          />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Student', 'Lines', 'Amount', 'Schedule', 'Next invoice', 'Status', 'Actions']}
          errorTitle="Could not load the recurring invoices"
          empty={
            <EmptyState
              icon={<IconRepeat size={28} />}
              title={filtered ? 'No recurring invoice matches' : 'No recurring invoices yet'}
              description={filtered ? 'Try another name or status.' : 'Bill a student every month or every few weeks: the invoices are issued for you.'}
            />
          }
          minWidth={900}
          label="Recurring invoices"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((item) => (
            <Row key={item._id} item={item} onEdit={() => setEditing({ item })} onDelete={() => setDeleting(item)} />
          ))}
        </ListTable>
      </ListCard>

      <AppModal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.item ? 'Edit recurring invoice' : 'New recurring invoice'} size="xl">
        {editing && (editing.item || !settings.isPending) && (
          <RecurringForm item={editing.item} defaultDueDays={settings.data?.defaultDueDays ?? 14} onDone={() => setEditing(null)} />
        )}
      </AppModal>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete recurring invoice"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id, {
          onSuccess: (result) => { notifySuccess(result.message); setDeleting(null); },
          onError: (error) => notifyError(errorMessage(error)),
        })}
      >
        {deleting ? `Delete the recurring invoice of ${fullName(deleting.student)}? No more invoices will be issued; those already issued stay.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
