import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { clockOf } from '../../../../shared/contracts/practice';
import { useTimerControls } from './useTimerControls';

type Props = { studentId: string };

/**
 * The sidebar's Practice Timer (docs/domains/learning.md "Screens and routes", "Rules", "Messages"): start, pause, and stop after a yes/no
 * question; the state is the server's, so a reload or another device resumes it.
 */
export function PracticeTimer({ studentId }: Props) {
  const { current, seconds, running, paused, hasTimer, send, pendingOf, askStop, stopQuestion } = useTimerControls(studentId);

  return (
    <Card withBorder radius="md" p="sm" component="section" aria-labelledby="practice-timer-title">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text id="practice-timer-title" fw={600} size="sm">Practice Timer</Text>
          <Text size="xs" c="dimmed">{running ? 'Running' : paused ? 'Paused' : hasTimer ? 'Limit reached' : 'Not running'}</Text>
        </Group>
        <Text ff="monospace" fz={26} fw={600} ta="center" role="timer" aria-label={`Practice time ${clockOf(seconds)}`} data-testid="practice-timer-clock">
          {current.isError ? '–:––:––' : clockOf(seconds)}
        </Text>
        <Group gap={6} grow wrap="nowrap">
          {running ? (
            <Button size="xs" variant="light" leftSection={<IconPlayerPause size={14} />} onClick={() => send('pause')} loading={pendingOf('pause')}>
              Pause
            </Button>
          ) : (
            <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={() => send('start')} disabled={current.isPending || (hasTimer && !paused)}
              loading={pendingOf('start')}>
              {paused ? 'Resume' : 'Start'}
            </Button>
          )}
          <Button size="xs" variant="default" color="red" leftSection={<IconPlayerStop size={14} />} disabled={!hasTimer} onClick={askStop}>
            Stop
          </Button>
        </Group>
      </Stack>
      {stopQuestion}
    </Card>
  );
}
