import { Alert, Button, Card, Divider, Group, Select, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ORDER_STATUS_LABELS, type OrderDetails, type OrderStatus } from '../../../shared/contracts/store-orders';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DetailField } from '../../components/DetailField';
import { PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatDollars } from '../../../shared/money';
import { useOrder, useUpdateStatus } from './orderApi';
import { OrderStatusBadge } from './OrderStatusBadge';
import { InvoiceLinks } from './invoices/InvoiceLinks';
import { ResponsiveTable } from '../../components/ResponsiveTable';

/** The store's staff move the order on; a refund (money back through the gateway) asks first. */
function StatusControl({ order }: { order: OrderDetails }) {
  const [next, setNext] = useState<OrderStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateStatus();
  const move = (status: OrderStatus) => update.mutate({ orderId: order._id, status }, {
    onSuccess: (r) => { notifySuccess(r.message); setNext(null); setConfirming(false); },
    onError: (err) => { notifyError(errorMessage(err)); setConfirming(false); },
  });
  if (order.nextStatuses.length === 0) return null;
  return (
    <Card withBorder radius="md" p="md">
      <form noValidate aria-label="Change status" onSubmit={(e) => { e.preventDefault(); if (next) { if (next === 'refunded') setConfirming(true); else move(next); } }}>
        <Group align="flex-end" gap="sm">
          <Select label="New status" placeholder="Choose a status" data={order.nextStatuses.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
            value={next} onChange={(v) => setNext(v as OrderStatus | null)} w={{ base: '100%', xs: 220 }} />
          <Button type="submit" disabled={!next} loading={update.isPending && !confirming}>Update status</Button>
        </Group>
      </form>
      <ConfirmModal opened={confirming} onClose={() => setConfirming(false)} title="Refund order" confirmLabel="Refund" loading={update.isPending} onConfirm={() => move('refunded')}>
        {`Refund ${formatDollars(order.grandTotal)} to the buyer’s card and put the items back in stock? This cannot be undone.`}
      </ConfirmModal>
    </Card>
  );
}

/**
 * A charge or a refund whose gateway answer was lost waits for reconciliation (decision 053): the
 * page says so instead of offering moves the server would refuse.
 */
function PaymentBeingConfirmed({ order }: { order: OrderDetails }) {
  if (order.payment.status === 'charging') {
    return (
      <Alert color="yellow" variant="light" title="Payment being confirmed">
        The payment processor did not answer when this order was placed. The payment is being confirmed and this order will update within minutes: please do not pay again.
      </Alert>
    );
  }
  if (order.payment.refunding) {
    return (
      <Alert color="yellow" variant="light" title="Refund being confirmed">
        The refund was sent and the payment processor’s answer is being confirmed. This order will update within minutes; its status cannot change until then.
      </Alert>
    );
  }
  return null;
}

function Items({ order }: { order: OrderDetails }) {
  return (
    <ResponsiveTable columns={['Item', 'Price', 'Quantity', 'Total']} label="Items" minWidth={520}>
      {order.items.map((i) => (
        <Table.Tr key={i._id}>
          <Table.Td><Text size="sm" fw={500}>{i.storeId.item_name}</Text>{i.storeId.item_code && <Text size="xs" c="gray.7">{i.storeId.item_code}</Text>}</Table.Td>
          <Table.Td><Text size="sm">{formatDollars(i.price)}</Text></Table.Td>
          <Table.Td><Text size="sm">{i.quantity}</Text></Table.Td>
          <Table.Td><Text size="sm">{formatDollars(i.total)}</Text></Table.Td>
        </Table.Tr>
      ))}
    </ResponsiveTable>
  );
}

function Body({ order }: { order: OrderDetails }) {
  const a = order.addressId;
  const money = (label: string, value: number, strong = false) => (
    <Group justify="space-between"><Text size="sm" fw={strong ? 700 : 400}>{label}</Text><Text size="sm" fw={strong ? 700 : 400}>{formatDollars(value)}</Text></Group>
  );
  return (
    <Stack gap="lg">
      <Group gap="sm"><OrderStatusBadge status={order.status} /><Text size="sm" c="gray.7">{order.storeName} · {new Date(order.createdAt).toLocaleString()}</Text></Group>
      <PaymentBeingConfirmed order={order} />
      <StatusControl order={order} />
      <Card withBorder radius="md" p="md"><Items order={order} /></Card>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder radius="md" p="md">
          <Stack gap={4} aria-label="Totals">
            <Title order={2} size="h5">Totals</Title>
            {money('Subtotal', order.subTotal)}
            {money(order.taxRate > 0 ? `Tax (${order.taxRate} %)` : 'Tax', order.tax)}
            {money('Shipping', order.totalShippingCost)}
            <Divider my={4} />
            {money('Grand Total', order.grandTotal, true)}
            {order.payment.refunded > 0 && money('Refunded', order.payment.refunded)}
          </Stack>
        </Card>
        <Card withBorder radius="md" p="md">
          <Stack gap={6}>
            <Title order={2} size="h5">Ship to</Title>
            <Text size="sm">{a.first_name} {a.last_name}</Text>
            <Text size="sm">{a.address1}{a.address2 ? `, ${a.address2}` : ''}</Text>
            <Text size="sm">{a.city}, {a.state} {a.postal_code}, {a.country}</Text>
            <Text size="sm">{a.cellPhone} · {a.email}</Text>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="md">
          <Stack gap={6}>
            <Title order={2} size="h5">Payment</Title>
            <DetailField label="Card">{order.payment.cardBrand ? `${order.payment.cardBrand} ending ${order.payment.cardLast4}` : 'No card charge'}</DetailField>
            {order.payment.testMode && <Text size="xs" c="gray.7">Test mode: no real money moved.</Text>}
            <InvoiceLinks order={order} />
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="sm">History</Title>
        <Timeline bulletSize={14} lineWidth={2} active={order.history.length - 1} aria-label="Status history">
          {order.history.map((h) => (
            <Timeline.Item key={h._id} title={ORDER_STATUS_LABELS[h.to]}>
              <Text size="xs" c="gray.7">{new Date(h.createdAt).toLocaleString()}{h.by ? ` · ${h.by.first_name} ${h.by.last_name}` : ''}</Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </Stack>
  );
}

/** /stores/order-details/{id} (issue 16): the order for its buyer, its store's staff and the superadmin. */
export default function OrderDetailsPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  return (
    <Stack gap="lg">
      <PageHeader title={order.data ? `Order ${order.data.orderNo}` : 'Order Details'}
        actions={<Button component={Link} to="/stores/order-listing/1" variant="default">All orders</Button>} />
      <QueryContent query={order} loadingLabel="Loading the order" errorTitle="Could not load this order">
        {(o) => <Body order={o} />}
      </QueryContent>
    </Stack>
  );
}
