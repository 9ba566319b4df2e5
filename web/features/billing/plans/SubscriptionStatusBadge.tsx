import { Badge } from '@mantine/core';
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from '../../../../shared/contracts/student-plans';

const COLORS: Record<SubscriptionStatus, string> = { waiting: 'yellow', active: 'green', cancelled: 'orange', declined: 'red', ended: 'gray' };

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge variant="light" color={COLORS[status]} c="dark.7" tt="none">{SUBSCRIPTION_STATUS_LABELS[status]}</Badge>;
}
