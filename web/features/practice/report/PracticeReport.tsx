import { Card, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { QueryContent } from '../../../components/QueryContent';
import { usePracticeReport } from '../api';

const PracticeChart = lazy(() => import('./PracticeChart'));

const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text fz="xl" fw={700}>{value}</Text>
    </Card>
  );
}

/** One student's practice: streaks, minutes a day and a week over four weeks, assignments done and open. */
export function PracticeReport({ studentId }: { studentId: string }) {
  const report = usePracticeReport(studentId);
  return (
    <QueryContent query={report} loadingLabel="Loading the practice report" errorTitle="Could not load the practice report" rows={6}>
      {(r) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Figure label="Current streak" value={days(r.currentStreak)} />
            <Figure label="Longest streak" value={days(r.longestStreak)} />
            <Figure label="Last 4 weeks" value={`${r.totalMinutes} min`} />
            <Figure label="Complete" value={String(r.completePracticeCount)} />
            <Figure label="Incomplete" value={String(r.inCompletePracticeCount)} />
            <Figure label="Songs done" value={`${r.completedSongs} of ${r.countSong}`} />
          </SimpleGrid>
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="xs">Minutes per day</Title>
            <Text size="sm" c="dimmed" mb="sm">
              The last four weeks{r.minutesPerDayGoal ? `; the goal of the open assignments is ${r.minutesPerDayGoal} minutes a day` : ''}.
            </Text>
            <Suspense fallback={<Skeleton h={220} />}>
              <PracticeChart label="Minutes practised per day" goal={r.minutesPerDayGoal} data={r.days.map((d) => ({ label: shortDay(d.date), minutes: d.minutes }))} />
            </Suspense>
          </Card>
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="sm">Minutes per week</Title>
            <Table aria-label="Minutes per week">
              <Table.Thead><Table.Tr><Table.Th>Week of</Table.Th><Table.Th>Minutes</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {r.weeks.map((w) => (
                  <Table.Tr key={w.weekOf}><Table.Td>{shortDay(w.weekOf)}</Table.Td><Table.Td>{w.minutes}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Stack>
      )}
    </QueryContent>
  );
}
