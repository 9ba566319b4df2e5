import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { PaymentReportAnswer } from '../../../../shared/contracts/billing-reports';
import { monthLabel } from './format';
import { formatDollars } from '../../../../shared/money';

const SERIES = [
  { name: 'collected', label: 'Collected', color: 'green.6' },
  { name: 'refunded', label: 'Refunded', color: 'grape.6' },
];

/** Money in and back a month. Loaded on its own (recharts is large) so the table shows first. */
export default function PaymentChart({ byMonth }: { byMonth: PaymentReportAnswer['byMonth'] }) {
  const data = byMonth.map((row) => ({ ...row, month: monthLabel(row.month) }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="month"
      series={SERIES}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={(value) => formatDollars(value)}
      tickLine="y"
      maxBarWidth={32}
      aria-label="Payments by month"
      role="img"
    />
  );
}
