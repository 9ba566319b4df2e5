import { Badge } from '@mantine/core';
import type { SchoolBooking } from '../../../shared/contracts/school-plans';

const LOOK = {
  active: { color: 'green', label: 'Active' },
  lapsed: { color: 'red', label: 'Lapsed' },
  cancelled: { color: 'gray', label: 'Cancelled' },
} as const;

/** Active, Lapsed, Cancelled, or "Ends …" once cancelled at the period's end. */
export function BookingStatusBadge({ booking }: { booking: Pick<SchoolBooking, 'status' | 'cancelAtPeriodEnd'> }) {
  const look = LOOK[booking.status];
  const label = booking.status === 'active' && booking.cancelAtPeriodEnd ? 'Ending' : look.label;
  return <Badge variant="dot" color={booking.cancelAtPeriodEnd && booking.status === 'active' ? 'orange' : look.color} tt="none">{label}</Badge>;
}
