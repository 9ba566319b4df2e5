import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { EmptyCard } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { formatMoney } from '../../../shared/money';
import type { DashboardFigure } from '../../../shared/contracts/dashboard';
import { useDashboard } from './api';

const GRID_COLS = { base: 1, xs: 2, lg: 4 };
const PLACEHOLDER_COUNT = 4;

/** A figure as people read it: money in the school's currency, a rate in percent ("—" with nothing to rate). */
export function figureText(figure: DashboardFigure): string {
  if (figure.value === null) return '—';
  if (figure.format === 'money') return formatMoney(figure.value, figure.currency);
  if (figure.format === 'percent') return `${figure.value}%`;
  return figure.value.toLocaleString();
}

/** The role's counts from /dashboard/getDashboard. */
export function FigureCards() {
  const dashboard = useDashboard();

  if (dashboard.isPending) {
    return (
      <SimpleGrid cols={GRID_COLS} aria-busy="true" aria-label="Loading figures">
        {Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (dashboard.isError) {
    return (
      <QueryError
        title="Could not load your figures"
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  if (dashboard.data.figures.length === 0) {
    return (
      <EmptyCard
        icon={<IconChartBar size={28} />}
        title="No figures yet"
        description="Counts of your people, lessons and invoices appear here as your school grows."
      />
    );
  }
  return (
    <SimpleGrid cols={GRID_COLS}>
      {dashboard.data.figures.map((figure) => (
        <Card key={figure.key} withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed" fw={500}>
            {figure.label}
          </Text>
          <Text fz={32} fw={700} lh={1.2} mt={4}>
            {figureText(figure)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
