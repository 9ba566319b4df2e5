import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { PaymentTotals as Totals } from '../../../../shared/contracts/billing-reports';
import { formatDollars } from '../../../../shared/money';

const FIGURES = [
  { key: 'collected', label: 'Collected', color: 'green' },
  { key: 'refunded', label: 'Refunded', color: 'grape' },
  { key: 'net', label: 'Net', color: 'blue' },
  { key: 'count', label: 'Payments', color: 'gray' },
] as const;

/** The filter's money in, money back, what stays, and how many rows: over every page. */
export function PaymentTotals({ totals }: { totals: Totals | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} component="section" aria-label="Totals">
      {FIGURES.map(({ key, label, color }) => (
        <Card key={key} withBorder radius="md" padding="md" style={{ borderTop: `3px solid var(--mantine-color-${color}-6)` }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={`payments-total-${key}`}>
            {label}
          </Text>
          {totals ? (
            <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.2} aria-labelledby={`payments-total-${key}`} style={{ overflowWrap: 'anywhere' }}>
              {key === 'count' ? totals.count : formatDollars(totals[key])}
            </Text>
          ) : (
            <Skeleton h={32} w={80} mt={4} />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
