import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../shared/contracts/common';
import {
  EAR_TRAINER_LIMITS, type AnswerResult, type ExerciseSet, type MyTrainer, type Question, type SetGoalInput, type SetInput, type SetListQuery, type StudentGoal,
} from '../../../shared/contracts/ear-trainer';
import { api } from '../../lib/api';

export const SETS_PAGE_SIZE = EAR_TRAINER_LIMITS.pageSize;
const KEY = ['earTrainer'] as const;

export function useExerciseSets(query: Omit<SetListQuery, 'limit'>) {
  return useQuery({
    queryKey: [...KEY, 'sets', query],
    queryFn: async () => (await api.post<ListResult<ExerciseSet>>('/earTrainer/getSets', { ...query, limit: SETS_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
  });
}

function useTrainerMutation<V, T>(call: (values: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useAddSet = () => useTrainerMutation((v: SetInput) => api.post<ExerciseSet>('/earTrainer/addSet', v));
export const useUpdateSet = () => useTrainerMutation((v: SetInput & { id: string }) => api.post<ExerciseSet>('/earTrainer/updateSet', v));
export const useRemoveSet = () => useTrainerMutation((id: string) => api.delete<null>('/earTrainer/removeSet', { id }));

export function useMyTrainer() {
  return useQuery({ queryKey: [...KEY, 'mine'], queryFn: async () => (await api.post<MyTrainer>('/earTrainer/getMyTrainer')).data });
}

export function useNextQuestion() {
  return useMutation({ mutationFn: async (setId: string) => (await api.post<Question>('/earTrainer/nextQuestion', { setId })).data });
}

/** The answer changes the stats, streak and goal: the trainer's summary is read again. */
export function useAnswerQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { questionId: string; answer: string }) => (await api.post<AnswerResult>('/earTrainer/answerQuestion', v)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'mine'] }),
  });
}

export function useStudentGoal(studentId: string) {
  return useQuery({ queryKey: [...KEY, 'goal', studentId], queryFn: async () => (await api.post<StudentGoal>('/earTrainer/getGoal', { studentId })).data });
}

export function useSetGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: SetGoalInput) => api.post<StudentGoal>('/earTrainer/setGoal', v),
    onSuccess: (r) => client.setQueryData([...KEY, 'goal', r.data.studentId], r.data),
  });
}
