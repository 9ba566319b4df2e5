import { Badge } from '@mantine/core';
import { SUPPORT_STATUS_LABELS, type SupportStatus } from '../../../shared/contracts/support';
import { STATUS_COLORS } from './format';

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return <Badge variant="dot" color={STATUS_COLORS[status]} tt="none">{SUPPORT_STATUS_LABELS[status]}</Badge>;
}
