import { ActionIcon, Group, Text } from '@mantine/core';
import { IconPlayerStopFilled } from '@tabler/icons-react';
import { clockOf } from '../../../../shared/contracts/practice';
import { useTimerControls } from './useTimerControls';

/**
 * The running timer in the header, on every width (issue 29): its time and a stop button, so a
 * student on a phone sees it without opening the menu. Shown only while it runs; the sidebar's
 * card keeps start, pause and resume.
 */
export function HeaderPracticeTimer({ studentId }: { studentId: string }) {
  const { current, seconds, running, askStop, stopQuestion } = useTimerControls(studentId);
  if (!running || current.isError) return stopQuestion;
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Running practice timer" data-testid="header-practice-timer">
      <Text ff="monospace" fw={600} size="sm" role="timer" aria-label={`Practice timer running: ${clockOf(seconds)}`}>{clockOf(seconds)}</Text>
      <ActionIcon variant="light" color="red" size="lg" onClick={askStop} aria-label="Stop the practice timer" title="Stop the practice timer">
        <IconPlayerStopFilled size={16} />
      </ActionIcon>
      {stopQuestion}
    </Group>
  );
}
