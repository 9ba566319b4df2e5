import { Badge } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/contracts/store-orders';

const COLORS: Record<OrderStatus, string> = {
  pending: 'yellow', paid: 'blue', processing: 'indigo', shipped: 'cyan', delivered: 'green', cancelled: 'gray', refunded: 'grape',
};

/** An order's status as a badge (text dark on light for contrast). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant="light" color={COLORS[status]} c="dark.7">{ORDER_STATUS_LABELS[status]}</Badge>;
}
