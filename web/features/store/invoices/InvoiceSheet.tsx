import { Box, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { StoreInvoice } from '../../../../shared/contracts/store-invoices';
import type { OrderAddress } from '../../../../shared/contracts/store-orders';
import { formatDollars } from '../../../../shared/money';
import { ItemImage } from '../ItemImage';

export const invoiceTitle = (invoice: Pick<StoreInvoice, 'type' | 'order_number'>) =>
  `${invoice.type === 1 ? 'Invoice' : 'Vendor Invoice'} ${invoice.order_number}`;

function Party({ heading, lines }: { heading: string; lines: (string | null | undefined)[] }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{heading}</Text>
      {lines.filter((l) => l && l.trim()).map((line, i) => (
        <Text key={i} size="sm" fw={i === 0 ? 600 : 400}>{line}</Text>
      ))}
    </Stack>
  );
}

const shipTo = (a: Partial<OrderAddress>) => [
  `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim(), a.address1, a.address2,
  [a.city, a.state, a.postal_code].filter(Boolean).join(', '), a.country, a.cellPhone, a.email,
];

function Parties({ invoice }: { invoice: StoreInvoice }) {
  if (invoice.type === 1) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Party heading="School" lines={[invoice.userId.school_name]} />
        <Party heading="Ship to" lines={shipTo(invoice.addressId)} />
      </SimpleGrid>
    );
  }
  const s = invoice.seller;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <Party heading="Seller" lines={[`${s.first_name} ${s.last_name}`.trim(), s.address, [s.state, s.postal_code].filter(Boolean).join(' '), s.cell_phone]} />
      <Party heading="Ship to" lines={shipTo(invoice.addressId)} />
    </SimpleGrid>
  );
}

function Totals({ invoice }: { invoice: StoreInvoice }) {
  const rows: [string, number][] = [['Subtotal', invoice.subTotal], ['Tax', invoice.taxApplicable]];
  if (invoice.type === 1) rows.push(['Shipping', invoice.totalShippingCost]);
  return (
    <Box component="dl" m={0} ml="auto" w={{ base: '100%', xs: 260 }}>
      {[...rows, ['Grand Total', invoice.grandTotal] as [string, number]].map(([term, value]) => (
        <Group key={term} justify="space-between" py={2}>
          <Text component="dt" size="sm" fw={term === 'Grand Total' ? 700 : 400}>{term}</Text>
          <Text component="dd" m={0} size="sm" fw={term === 'Grand Total' ? 700 : 500} data-testid={`invoice-${term.toLowerCase().replace(' ', '-')}`}>
            {formatDollars(value)}
          </Text>
        </Group>
      ))}
    </Box>
  );
}

/** The printable area (docs/domains/store.md "Screens and routes", "Data and calls", "Limits"): what the PDF download holds too. */
export function InvoiceSheet({ invoice }: { invoice: StoreInvoice }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1} size="h2">{invoiceTitle(invoice)}</Title>
        <Text size="sm" c="dimmed">Date: {new Date(invoice.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</Text>
      </Group>
      <Parties invoice={invoice} />
      <Divider />
      <Table verticalSpacing="xs" horizontalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.items.map((item) => (
            <Table.Tr key={item._id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Box w={44} style={{ flexShrink: 0 }}><ItemImage item={item.storeId} height={44} /></Box>
                  <div>
                    <Text size="sm" fw={500}>{item.storeId.item_name}</Text>
                    {item.storeId.item_code && <Text size="xs" c="dimmed">Code: {item.storeId.item_code}</Text>}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td ta="right">{formatDollars(item.price)}</Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{formatDollars(item.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Totals invoice={invoice} />
      <Divider />
      <Text size="sm">{invoice.terms}</Text>
    </Stack>
  );
}
