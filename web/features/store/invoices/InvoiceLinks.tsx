import { Anchor, Group } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { OrderSummary } from '../../../../shared/contracts/store-orders';
import { useSession } from '../../../lib/useSession';

/**
 * Whether the viewer gets the vendor invoice: an order is open only to its buyer, its store's
 * staff and the superadmin (decision 046), so a viewer who is not the buyer keeps the store. An
 * admin who bought from the provider is the buyer and gets the customer invoice only.
 */
export const seesVendorInvoice = (order: Pick<OrderSummary, 'userId'>, viewer: { _id: string; role: string }) =>
  viewer.role === 'superadmin' || order.userId._id !== viewer._id;

function InvoiceLink({ href, label }: { href: string; label: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener" size="sm">
      <Group gap={4} component="span" wrap="nowrap"><IconFileInvoice size={16} aria-hidden />{label}</Group>
    </Anchor>
  );
}

/**
 * The order details page's ways to the printable invoices (issue 16): "Customer invoice" for
 * everyone who may open the order, "Vendor invoice" for the store's staff and the superadmin.
 * The server decides again when the invoice opens.
 */
export function InvoiceLinks({ order }: { order: Pick<OrderSummary, '_id' | 'userId'> }) {
  const session = useSession();
  if (!session) return null;
  return (
    <Group gap="md">
      <InvoiceLink href={`/invoice/${order._id}`} label="Customer invoice" />
      {seesVendorInvoice(order, session.user) && <InvoiceLink href={`/vendor/${order._id}`} label="Vendor invoice" />}
    </Group>
  );
}
