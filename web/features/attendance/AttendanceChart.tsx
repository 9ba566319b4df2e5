import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES } from '../../../shared/contracts/scheduling';
import type { AttendanceAnswer } from '../../../shared/contracts/attendance';
import { STATUS_COLORS } from './statusColors';
import { monthLabel } from './dates';

const SERIES = ATTENDANCE_STATUSES.map((status) => ({ name: status, label: ATTENDANCE_LABELS[status], color: `${STATUS_COLORS[status]}.6` }));

/**
 * Attendance a month by status, stacked. Loaded on its own (recharts is large) so the table
 * shows first.
 */
export default function AttendanceChart({ byMonth }: { byMonth: AttendanceAnswer['byMonth'] }) {
  const data = byMonth.map((row) => ({ ...row, month: monthLabel(row.month) }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="month"
      type="stacked"
      series={SERIES}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      maxBarWidth={48}
      aria-label="Attendance by month"
      role="img"
    />
  );
}
