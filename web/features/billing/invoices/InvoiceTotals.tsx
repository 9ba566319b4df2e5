import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { InvoiceTotals as Totals } from '../../../../shared/contracts/billing-invoices';
import { formatDollars } from '../../../../shared/money';

const plural = (n: number) => `${n} invoice${n === 1 ? '' : 's'}`;

/** The school's open and overdue money, over all its invoices (not the page, not the filters). */
export function InvoiceTotals({ totals }: { totals: Totals | undefined }) {
  if (!totals) return <Skeleton h={64} w={{ base: '100%', sm: 380 }} />;
  return (
    <Group gap="sm" role="group" aria-label="Money to come in" wrap="wrap">
      <Paper withBorder radius="md" px="md" py="xs" miw={160} style={{ flex: '1 1 160px' }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Open</Text>
        <Text fw={700} size="lg">{formatDollars(totals.openTotal)}</Text>
        <Text size="xs" c="dimmed">{plural(totals.openCount)}</Text>
      </Paper>
      <Paper withBorder radius="md" px="md" py="xs" miw={160} style={{ flex: '1 1 160px' }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Overdue</Text>
        <Text fw={700} size="lg" c={totals.overdueTotal > 0 ? 'red.8' : undefined}>{formatDollars(totals.overdueTotal)}</Text>
        <Text size="xs" c="dimmed">{plural(totals.overdueCount)}</Text>
      </Paper>
    </Group>
  );
}
