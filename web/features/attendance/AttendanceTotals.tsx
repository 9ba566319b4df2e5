import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES } from '../../../shared/contracts/scheduling';
import type { AttendanceTotals as Totals } from '../../../shared/contracts/attendance';
import { STATUS_COLORS } from './statusColors';

/** The period's count of each status, over every page. */
export function AttendanceTotals({ totals }: { totals: Totals | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="section" aria-label="Totals">
      {ATTENDANCE_STATUSES.map((status) => (
        <Card key={status} withBorder radius="md" padding="md" style={{ borderTop: `3px solid var(--mantine-color-${STATUS_COLORS[status]}-6)` }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={`total-${status}`}>
            {ATTENDANCE_LABELS[status]}
          </Text>
          {totals ? (
            <Text fz={28} fw={700} lh={1.2} aria-labelledby={`total-${status}`}>
              {totals[status]}
            </Text>
          ) : (
            <Skeleton h={34} w={60} mt={4} />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
