import { Anchor, Group } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { OrderDetails } from '../../../../shared/contracts/store-orders';

function InvoiceLink({ href, label }: { href: string; label: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener" size="sm">
      <Group gap={4} component="span" wrap="nowrap"><IconFileInvoice size={16} aria-hidden />{label}</Group>
    </Anchor>
  );
}

/**
 * The order details page's ways to the printable invoices (issue 16): the ones the server offers
 * this viewer with the order (decision 062): "Customer invoice" for everyone who may open the
 * order, "Vendor invoice" for the store's staff and the superadmin. The server decides again when
 * the invoice opens.
 */
export function InvoiceLinks({ order }: { order: Pick<OrderDetails, '_id' | 'invoices'> }) {
  return (
    <Group gap="md">
      {order.invoices.includes('customer') && <InvoiceLink href={`/invoice/${order._id}`} label="Customer invoice" />}
      {order.invoices.includes('vendor') && <InvoiceLink href={`/vendor/${order._id}`} label="Vendor invoice" />}
    </Group>
  );
}
