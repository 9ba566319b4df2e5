import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contracts/common';
import { PAGE_SIZE } from '../../../shared/constants';
import { QUIZ_ROUTES as R, type QuestionFormValues, type QuizFormValues, type QuizStatus } from '../../../shared/contracts/quizzes';
import { callApi } from '../../lib/callApi';

export const QUIZ_PAGE_SIZE = PAGE_SIZE.quizzes;
const QUIZ_KEY = ['quizzes'] as const;

export function useQuizCategories() {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'categories'],
    queryFn: async () => (await callApi(R.categoryList)).data.results,
  });
}

export function useQuizList(p: { page: number; search: string; categoryId: string | null; status: QuizStatus | null }) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'list', p],
    queryFn: async () => (await callApi(R.getQuizList, { body: {
      page: p.page, limit: QUIZ_PAGE_SIZE, search: p.search || undefined, categoryId: p.categoryId ?? undefined, status: p.status ?? undefined,
    } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useQuiz(quizId: string | null) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'quiz', quizId],
    queryFn: async () => (await callApi(R.getQuiz, { body: { quizId: quizId ?? '' } })).data,
    enabled: quizId !== null,
  });
}

export function usePreview(quizId: string | null) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'preview', quizId],
    queryFn: async () => (await callApi(R.previewQuiz, { body: { quizId: quizId ?? '' } })).data,
    enabled: quizId !== null,
  });
}

export function usePublishedQuizzes(p: { page: number; categoryId: string | null }) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'published', p],
    queryFn: async () => (await callApi(R.getPublishedQuizzes, { body: {
      page: p.page, limit: QUIZ_PAGE_SIZE, categoryId: p.categoryId ?? undefined,
    } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useMyAttempts(quizId: string | null) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'attempts', quizId],
    queryFn: async () => (await callApi(R.myAttempts, { body: { quizId: quizId ?? undefined } })).data.results,
    enabled: quizId !== null,
  });
}

function useQuizMutation<V, T>(call: (values: V) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: QUIZ_KEY }) });
}

export const useAddCategory = () => useQuizMutation((name: string) => callApi(R.categoryAdd, { body: { name } }));
export const useUpdateCategory = () => useQuizMutation((v: { categoryId: string; name: string }) => callApi(R.categoryUpdate, { body: v }));
export const useRemoveCategory = () => useQuizMutation((categoryId: string) => callApi(R.categoryRemove, { body: { categoryId } }));
export const useAddQuiz = () => useQuizMutation((v: QuizFormValues) => callApi(R.addQuiz, { body: v }));
export const useUpdateQuiz = () => useQuizMutation((v: QuizFormValues & { quizId: string }) => callApi(R.updateQuiz, { body: v }));
export const useRemoveQuiz = () => useQuizMutation((quizId: string) => callApi(R.removeQuiz, { body: { quizId } }));
export const usePublishQuiz = () => useQuizMutation((v: { quizId: string; published: boolean }) => callApi(R.publishQuiz, { body: v }));
export const useAddQuestion = () => useQuizMutation((v: QuestionFormValues & { quizId: string }) => callApi(R.questionAdd, { body: v }));
export const useUpdateQuestion = () => useQuizMutation((v: QuestionFormValues & { questionId: string }) => callApi(R.questionUpdate, { body: v }));
export const useRemoveQuestion = () => useQuizMutation((questionId: string) => callApi(R.questionRemove, { body: { questionId } }));
export const useStartAttempt = () => useQuizMutation((quizId: string) => callApi(R.startAttempt, { body: { quizId } }));
export const useSubmitAttempt = () =>
  useQuizMutation((v: { attemptId: string; answers: { questionId: string; chosen: number[] }[] }) => callApi(R.submitAttempt, { body: v }));
