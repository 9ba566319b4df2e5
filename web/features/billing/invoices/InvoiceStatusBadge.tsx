import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../shared/contracts/billing';
import { INVOICE_STATUS_COLORS } from '../../../../shared/contracts/billing-invoices';

/** An invoice's status as people read it: Draft, Open, Partly paid, Paid, Overdue, Void. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant={status === 'overdue' ? 'filled' : 'outline'} tt="none">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Shown wherever money would go through the sandbox: nothing real is charged. */
export function TestModeBadge() {
  return (
    <Badge color="orange" c="dark.7" variant="light" tt="none" title="Payments go through the sandbox: no real money is charged">
      Test mode
    </Badge>
  );
}
