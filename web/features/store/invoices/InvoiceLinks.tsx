import { Anchor, Group } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { Role } from '../../../../shared/roles';

const STAFF: Role[] = ['admin', 'subadmin', 'superadmin'];

/**
 * The order details page's ways to its invoices (issue 16): the customer invoice for whoever may
 * open the order (its buyer, the store's staff, the superadmin), the vendor invoice for the staff
 * and the superadmin only. The server decides again on opening.
 */
export function InvoiceLinks({ orderId, role }: { orderId: string; role: Role }) {
  return (
    <Group gap="md">
      <Anchor href={`/invoice/${orderId}`} target="_blank" rel="noopener">
        <Group gap={4} component="span"><IconFileInvoice size={16} aria-hidden />Customer invoice</Group>
      </Anchor>
      {STAFF.includes(role) && (
        <Anchor href={`/vendor/${orderId}`} target="_blank" rel="noopener">
          <Group gap={4} component="span"><IconFileInvoice size={16} aria-hidden />Vendor invoice</Group>
        </Anchor>
      )}
    </Group>
  );
}
