import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

type Props = { data: { label: string; minutes: number }[]; label: string; goal?: number | null };

/** Minutes a day (or a week) as bars. Loaded on its own (recharts is large) so the figures show first. */
export default function PracticeChart({ data, label, goal }: Props) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="label"
      series={[{ name: 'minutes', label: 'Minutes', color: 'blue.6' }]}
      referenceLines={goal ? [{ y: goal, label: `Goal ${goal} min`, color: 'teal.7' }] : []}
      tickLine="y"
      maxBarWidth={36}
      aria-label={label}
      role="img"
    />
  );
}
