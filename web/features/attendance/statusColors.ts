import type { AttendanceStatus } from '../../../shared/contracts/scheduling';

/** One colour a status, the same in the stat cards, the chart and the badges. */
export const STATUS_COLORS: Record<AttendanceStatus, string> = {
  present: 'green',
  absent: 'red',
  late: 'orange',
  excused: 'blue',
  cancelled: 'gray',
};
