import { useEffect, useState } from 'react';
import { PRACTICE_MESSAGES, practicedMessage } from '../../../../shared/contracts/practice';
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

/**
 * One student's timer as the sidebar and the header show it: the server's state (one query, so
 * both always agree), the seconds ticking on, start, pause, and stop after a yes/no question.
 */
export function useTimerControls(studentId: string) {
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
  const pendingOf = (type: 'start' | 'pause' | 'stop') => timer.isPending && timer.variables?.type === type;

  const stopQuestion = (
    <ConfirmModal
      opened={confirming}
      onClose={() => setConfirming(false)}
      title="Stop Practice timer"
      onConfirm={() => send('stop')}
      loading={pendingOf('stop')}
      confirmLabel="Yes"
      cancelLabel="No"
      danger={false}
    >
      {PRACTICE_MESSAGES.stopConfirm}
    </ConfirmModal>
  );

  return {
    current, seconds, running, paused, hasTimer, send, pendingOf, askStop: () => setConfirming(true), stopQuestion,
  };
}
