import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EAR_TRAINER_LIMITS, EAR_TRAINER_ROUTES as R, type SetGoalInput, type SetInput, type SetListQuery,
} from '../../../shared/contracts/ear-trainer';
import { callApi } from '../../lib/callApi';

export const SETS_PAGE_SIZE = EAR_TRAINER_LIMITS.pageSize;
const KEY = ['earTrainer'] as const;

export function useExerciseSets(query: Omit<SetListQuery, 'limit'>) {
  return useQuery({
    queryKey: [...KEY, 'sets', query],
    queryFn: async () => (await callApi(R.getSets, { body: { ...query, limit: SETS_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });
}

function useTrainerMutation<V, T>(call: (values: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useAddSet = () => useTrainerMutation((v: SetInput) => callApi(R.addSet, { body: v }));
export const useUpdateSet = () => useTrainerMutation((v: SetInput & { id: string }) => callApi(R.updateSet, { body: v }));
export const useRemoveSet = () => useTrainerMutation((id: string) => callApi(R.removeSet, { body: { id } }));

export function useMyTrainer() {
  return useQuery({ queryKey: [...KEY, 'mine'], queryFn: async () => (await callApi(R.getMyTrainer)).data });
}

export function useNextQuestion() {
  return useMutation({ mutationFn: async (setId: string) => (await callApi(R.nextQuestion, { body: { setId } })).data });
}

/** The answer changes the stats, streak and goal: the trainer's summary is read again. */
export function useAnswerQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { questionId: string; answer: string }) => (await callApi(R.answerQuestion, { body: v })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'mine'] }),
  });
}

export function useStudentGoal(studentId: string) {
  return useQuery({ queryKey: [...KEY, 'goal', studentId], queryFn: async () => (await callApi(R.getGoal, { body: { studentId } })).data });
}

export function useSetGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: SetGoalInput) => callApi(R.setGoal, { body: v }),
    onSuccess: (r) => client.setQueryData([...KEY, 'goal', r.data.studentId], r.data),
  });
}
