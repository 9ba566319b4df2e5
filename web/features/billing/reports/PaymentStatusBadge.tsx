import { Badge } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, type PaymentReportStatus } from '../../../../shared/contracts/billing-reports';
import { PAYMENT_STATUS_COLORS } from './format';

export function PaymentStatusBadge({ status }: { status: PaymentReportStatus }) {
  return (
    <Badge variant="dot" color={PAYMENT_STATUS_COLORS[status]} tt="none">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
