import { Box, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { InvoiceLinesTable, InvoiceTotals, type InvoiceTotal } from '../../../components/InvoiceLines';
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

function totalsOf(invoice: StoreInvoice): InvoiceTotal[] {
  const row = (term: string, value: number, strong = false) => ({ term, value: formatDollars(value), strong, testId: `invoice-${term.toLowerCase().replace(' ', '-')}` });
  return [
    row('Subtotal', invoice.subTotal), row('Tax', invoice.taxApplicable),
    ...(invoice.type === 1 ? [row('Shipping', invoice.totalShippingCost)] : []),
    row('Grand Total', invoice.grandTotal, true),
  ];
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
      <InvoiceLinesTable
        headings={{ item: 'Item', amount: 'Total' }}
        lines={invoice.items.map((item) => ({
          key: item._id,
          item: (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Box w={44} style={{ flexShrink: 0 }}><ItemImage item={item.storeId} height={44} /></Box>
              <div>
                <Text size="sm" fw={500}>{item.storeId.item_name}</Text>
                {item.storeId.item_code && <Text size="xs" c="dimmed">Code: {item.storeId.item_code}</Text>}
              </div>
            </Group>
          ),
          price: formatDollars(item.price),
          quantity: item.quantity,
          amount: formatDollars(item.total),
        }))}
      />
      <InvoiceTotals totals={totalsOf(invoice)} />
      <Divider />
      <Text size="sm">{invoice.terms}</Text>
    </Stack>
  );
}
