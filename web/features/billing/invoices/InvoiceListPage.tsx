import { Anchor, Button, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileInvoice, IconPlus, IconRepeat } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '../../../../shared/contracts/billing';
import { ListFilters, SearchInput } from '../../../components/ListFilters';
import { ListCard, ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { fullName } from '../../../lib/format';
import { usePagedResults, useListState } from '../../../lib/useListState';
import { INVOICE_PAGE_SIZE, useInvoiceDefaults, useInvoiceList } from './api';
import { formatDate } from './dates';
import { InvoiceDrawer } from './InvoiceDrawer';
import { InvoiceStatusBadge, TestModeBadge } from './InvoiceStatusBadge';
import { InvoiceTotals } from './InvoiceTotals';
import { BillingSettingsButton } from '../settings/BillingSettingsButton';
import { useState } from 'react';
import { formatDollars } from '../../../../shared/money';

const COLUMNS = ['Invoice', 'Student', 'Bill to', 'Due', 'Total', 'Balance', 'Status'] as const;
const STATUS_OPTIONS = [{ value: 'all', label: 'All' }, ...INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))];

/** Plans / Payments > Invoicing: the school's invoices, ten a page, with what is still to come in. */
export default function InvoiceListPage() {
  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [status, setStatusValue] = useState<InvoiceStatus | null>(null);
  const setStatus = filterSetter(setStatusValue);
  const [params, setParams] = useSearchParams();
  const openId = params.get('invoice');
  const open = (id: string | null) => setParams(id ? { invoice: id } : {}, { replace: false });
  const list = useInvoiceList({ page, search: debouncedSearch, status });
  const defaults = useInvoiceDefaults();
  const { results, totalPages } = usePagedResults(list.data, INVOICE_PAGE_SIZE, page, setPage);
  const filtered = debouncedSearch !== '' || status !== null;
  const empty = (
    <EmptyState
      icon={<IconFileInvoice size={28} />}
      title={filtered ? 'No invoices match' : 'No invoices yet'}
      description={filtered ? 'Try another search or status, or clear the filters.' : 'Make the first one with New Invoice.'}
    />
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Invoicing"
        subtitle={<Group gap="xs"><Text c="dimmed" size="sm">Invoices of your students, and the money still to come in.</Text>{defaults.data?.testMode && <TestModeBadge />}</Group>}
        actions={
          <Group gap="sm">
            <BillingSettingsButton />
            <Button component={Link} to="/studentbilling/recuringInvoice" variant="default" leftSection={<IconRepeat size={16} />}>
              Recurring invoices
            </Button>
            <Button component={Link} to="/studentbilling/newInvoice" leftSection={<IconPlus size={16} />}>
              New Invoice
            </Button>
          </Group>
        }
      />
      <InvoiceTotals totals={list.data} />
      <ListCard>
        <ListFilters filtered={filtered} onClear={() => { setSearch(''); setStatus(null); }}>
          <SearchInput label="Search invoices" placeholder="Number, student or payer" value={search} onChange={setSearch} w={{ base: '100%', sm: 300 }} />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status ?? 'all'}
            allowDeselect={false}
            onChange={(next) => setStatus(next && next !== 'all' ? (next as InvoiceStatus) : null)}
            w={{ base: '100%', sm: 180 }}
          />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={COLUMNS}
          errorTitle="Could not load invoices"
          empty={empty}
          minWidth={820}
          label="Invoices"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((invoice) => (
            <Table.Tr key={invoice._id} onClick={() => open(invoice._id)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Anchor component="button" type="button" fw={600} size="sm" onClick={(e) => { e.stopPropagation(); open(invoice._id); }} aria-label={`Open ${invoice.number}`}>
                  {invoice.number}
                </Anchor>
              </Table.Td>
              <Table.Td><Text size="sm">{fullName(invoice.student)}</Text></Table.Td>
              <Table.Td><Text size="sm">{fullName(invoice.payer)}</Text></Table.Td>
              <Table.Td><Text size="sm">{formatDate(invoice.dueOn)}</Text></Table.Td>
              <Table.Td><Text size="sm">{formatDollars(invoice.total)}</Text></Table.Td>
              <Table.Td><Text size="sm" fw={500}>{formatDollars(invoice.balance)}</Text></Table.Td>
              <Table.Td><InvoiceStatusBadge status={invoice.status} /></Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <InvoiceDrawer invoiceId={openId} onClose={() => open(null)} />
    </Stack>
  );
}

