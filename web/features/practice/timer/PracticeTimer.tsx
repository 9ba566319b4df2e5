import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PRACTICE_MESSAGES, clockOf, practicedMessage } from '../../../../shared/contracts/practice';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentPracticeTime, usePracticeTimer } from './timerApi';

/** docs/domains/learning.md "Limits": the timer ticks every second. */
const TICK_MS = 1000;

/** The seconds to show now: the server's total, run on locally while the timer runs, never past its cap. */
function secondsNow(state: { totalSeconds: number; limitSeconds: number; isRunning: boolean; receivedAt: number }, now: number): number {
  if (!state.isRunning) return state.totalSeconds;
  return Math.min(state.limitSeconds, state.totalSeconds + Math.floor((now - state.receivedAt) / 1000));
}

type Props = { studentId: string };

/**
 * The sidebar's Practice Timer (docs/domains/learning.md "Screens and routes", "Rules", "Messages"): start, pause, and stop after a yes/no
 * question; the state is the server's, so a reload or another device resumes it.
 */
export function PracticeTimer({ studentId }: Props) {
  const current = useCurrentPracticeTime(studentId);
  const timer = usePracticeTimer(studentId);
  const [now, setNow] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(false);
  const state = current.data;
  const running = !!state?.isRunning;
  useEffect(() => {
    if (!running) return undefined;
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [running]);

  const seconds = state ? secondsNow(state, Math.max(now, state.receivedAt)) : 0;
  const send = (type: 'start' | 'pause' | 'stop') => timer.mutate({ type, timerId: state?._id ?? undefined }, {
    onSuccess: (answer) => {
      setNow(Date.now());
      if (type === 'stop') {
        setConfirming(false);
        notifySuccess(practicedMessage('recordedSeconds' in answer.data ? answer.data.recordedSeconds : seconds));
      }
    },
    onError: (error) => {
      setConfirming(false);
      notifyError(errorMessage(error));
      void current.refetch();
    },
  });
  const hasTimer = !!state?._id && state.type !== 'stop';
  const paused = !!state?.isPaused;

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
            <Button size="xs" variant="light" leftSection={<IconPlayerPause size={14} />} onClick={() => send('pause')} loading={timer.isPending && timer.variables?.type === 'pause'}>
              Pause
            </Button>
          ) : (
            <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={() => send('start')} disabled={current.isPending || (hasTimer && !paused)}
              loading={timer.isPending && timer.variables?.type === 'start'}>
              {paused ? 'Resume' : 'Start'}
            </Button>
          )}
          <Button size="xs" variant="default" color="red" leftSection={<IconPlayerStop size={14} />} disabled={!hasTimer} onClick={() => setConfirming(true)}>
            Stop
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Stop Practice timer"
        onConfirm={() => send('stop')}
        loading={timer.isPending && timer.variables?.type === 'stop'}
        confirmLabel="Yes"
        cancelLabel="No"
        danger={false}
      >
        {PRACTICE_MESSAGES.stopConfirm}
      </ConfirmModal>
    </Card>
  );
}
