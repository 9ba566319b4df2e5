import { Anchor, EmptyState, Select, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/contracts/store-orders';
import { ListFilters } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { useListState, usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { STORE_PAGE_SIZE } from './api';
import { formatDollars } from '../../../shared/money';
import { useOrderList } from './orderApi';
import { OrderStatusBadge } from './OrderStatusBadge';

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }));

/**
 * /stores/order-listing/{id} (issue 16): a buyer's own orders; the superadmin's every store's and
 * a school admin's their store's, ten a page, by status.
 */
export default function OrderListingPage() {
  const { user } = useRequiredSession();
  const staff = user.permissions.managesOrders;
  const { page, setPage, filterSetter } = useListState();
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const list = useOrderList({ staff, page, status });
  const { results, totalPages } = usePagedResults(list.data, STORE_PAGE_SIZE, page, setPage);
  const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

  return (
    <Stack gap="lg">
      <PageHeader title="Order Listing" subtitle={staff ? (user.permissions.reach === 'provider' ? 'Orders of every store.' : 'Orders of your school’s store.') : 'Your orders from the store.'} />
      <ListCard>
        <ListFilters filtered={status !== null} onClear={() => setStatus(null)}>
          <Select label="Status" placeholder="Every status" clearable data={STATUS_OPTIONS} value={status} w={{ base: '100%', sm: 200 }}
            onChange={filterSetter((v: string | null) => setStatus(v as OrderStatus | null))} />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={staff ? ['Order', 'Date', 'Buyer', 'Store', 'Items', 'Grand Total', 'Status'] : ['Order', 'Date', 'Store', 'Items', 'Grand Total', 'Status']}
          errorTitle="Could not load the orders"
          empty={<EmptyState icon={<IconReceipt size={28} />} title={status ? 'No orders match' : 'No orders yet'} description={status ? 'Try another status.' : staff ? 'Orders placed in the store show here.' : 'Orders you place in the store show here.'} />}
          minWidth={staff ? 820 : 640}
          label="Orders"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((o) => (
            <Table.Tr key={o._id}>
              <Table.Td><Anchor component={Link} to={`/stores/order-details/${o._id}`} fw={600} aria-label={`Order ${o.orderNo}, ${o.storeName}`}>{o.orderNo}</Anchor></Table.Td>
              <Table.Td><Text size="sm">{date(o.createdAt)}</Text></Table.Td>
              {staff && <Table.Td><Text size="sm">{o.userId.first_name} {o.userId.last_name}</Text><Text size="xs" c="gray.7">{o.userId.school_name}</Text></Table.Td>}
              <Table.Td><Text size="sm">{o.storeName}</Text></Table.Td>
              <Table.Td><Text size="sm">{o.itemCount}</Text></Table.Td>
              <Table.Td><Text size="sm" fw={500}>{formatDollars(o.grandTotal)}</Text></Table.Td>
              <Table.Td><OrderStatusBadge status={o.status} /></Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
    </Stack>
  );
}
