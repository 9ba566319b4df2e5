import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRACTICE_ROUTES as R, type TimerType } from '../../../../shared/contracts/practice';
import { callApi } from '../../../lib/callApi';
import { PRACTICE_KEY } from '../api';

const timerKey = (studentId: string) => [...PRACTICE_KEY, 'timer', studentId] as const;

/** The student's timer as the server keeps it; `receivedAt` lets the counter run on from the answer. */
export function useCurrentPracticeTime(studentId: string) {
  return useQuery({
    queryKey: timerKey(studentId),
    queryFn: async () => ({ ...(await callApi(R.currentTime, { body: { studentId } })).data, receivedAt: Date.now() }),
    // Another device may have paused or stopped it: look again when the window comes back.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function usePracticeTimer(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { type: TimerType; timerId?: string }) =>
      callApi(R.timer, { body: { studentId, type: v.type, ...(v.timerId ? { timerId: v.timerId } : {}) } }),
    onSuccess: (answer, v) => {
      client.setQueryData(timerKey(studentId), { ...answer.data, receivedAt: Date.now() });
      // A stop recorded a session: the report and counts read it.
      if (v.type === 'stop') void client.invalidateQueries({ queryKey: [...PRACTICE_KEY, 'report'] });
    },
  });
}
