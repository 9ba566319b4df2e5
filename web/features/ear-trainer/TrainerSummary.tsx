import { Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFlame, IconTarget } from '@tabler/icons-react';
import type { GoalProgress, ItemStat, Streak } from '../../../shared/contracts/ear-trainer';
import { ResponsiveTable } from '../../components/ResponsiveTable';

export function streakText(streak: Streak): string {
  if (streak.days === 0) return 'No streak yet: answer a question today to start one.';
  const days = `${streak.days} day${streak.days === 1 ? '' : 's'} in a row`;
  return streak.practisedToday ? days : `${days}. Practise today to keep it going.`;
}

/** The streak and the week's goal, side by side. */
export function StreakAndGoal({ streak, goal }: { streak: Streak; goal: GoalProgress }) {
  const percent = goal ? Math.min(100, Math.round((goal.answeredThisWeek / goal.questionsPerWeek) * 100)) : 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Card withBorder radius="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconFlame size={24} color="var(--mantine-color-orange-6)" aria-hidden />
          <Stack gap={2}>
            <Text fw={600}>Streak</Text>
            <Text size="sm" data-testid="ear-streak">{streakText(streak)}</Text>
          </Stack>
        </Group>
      </Card>
      <Card withBorder radius="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconTarget size={24} color="var(--mantine-color-blue-6)" aria-hidden />
          <Stack gap={6} style={{ flex: 1 }}>
            <Text fw={600}>Weekly goal</Text>
            {goal ? (
              <>
                <Text size="sm">{goal.answeredThisWeek} of {goal.questionsPerWeek} questions this week</Text>
                <Progress value={percent} aria-label="Weekly goal progress" />
              </>
            ) : (
              <Text size="sm" c="dimmed">Your teacher has not set a goal.</Text>
            )}
          </Stack>
        </Group>
      </Card>
    </SimpleGrid>
  );
}

/** Tries and right answers per item, the weakest first. */
export function ItemStats({ stats }: { stats: ItemStat[] }) {
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">Your items</Title>
        {stats.length === 0 ? (
          <Text size="sm" c="dimmed">Answer a few questions and each item’s results show here.</Text>
        ) : (
          <ResponsiveTable columns={['Item', 'Tries', 'Right']} label="Results per item" minWidth={320} striped>
            {stats.map((s) => (
              <Table.Tr key={s.key}>
                <Table.Td>{s.label}</Table.Td>
                <Table.Td>{s.tries}</Table.Td>
                <Table.Td><Text size="sm" fw={s.rightPercent < 50 ? 700 : 400}>{s.rightPercent}%</Text></Table.Td>
              </Table.Tr>
            ))}
          </ResponsiveTable>
        )}
      </Stack>
    </Card>
  );
}
