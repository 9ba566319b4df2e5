import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contracts/common';
import { PAGE_SIZE } from '../../../shared/constants';
import type {
  AttemptResult, AttemptSummary, PublishedListAnswer, QuestionFormValues, QuizCategory, QuizDetail, QuizFormValues, QuizListAnswer, QuizStatus,
  StartedAttempt, TakeQuiz,
} from '../../../shared/contracts/quizzes';
import { api } from '../../lib/api';

export const QUIZ_PAGE_SIZE = PAGE_SIZE.quizzes;
const QUIZ_KEY = ['quizzes'] as const;

export function useQuizCategories() {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'categories'],
    queryFn: async () => (await api.post<{ results: QuizCategory[] }>('/quiz/category/list')).data.results,
  });
}

export function useQuizList(p: { page: number; search: string; categoryId: string | null; status: QuizStatus | null }) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'list', p],
    queryFn: async () => (await api.post<QuizListAnswer>('/quiz/getQuizList', {
      page: p.page, limit: QUIZ_PAGE_SIZE, search: p.search || undefined, categoryId: p.categoryId ?? undefined, status: p.status ?? undefined,
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useQuiz(quizId: string | null) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'quiz', quizId],
    queryFn: async () => (await api.post<QuizDetail>('/quiz/getQuiz', { quizId })).data,
    enabled: quizId !== null,
  });
}

export function usePreview(quizId: string | null) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'preview', quizId],
    queryFn: async () => (await api.post<TakeQuiz>('/quiz/previewQuiz', { quizId })).data,
    enabled: quizId !== null,
  });
}

export function usePublishedQuizzes(p: { page: number; categoryId: string | null }) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'published', p],
    queryFn: async () => (await api.post<PublishedListAnswer>('/quiz/getPublishedQuizzes', {
      page: p.page, limit: QUIZ_PAGE_SIZE, categoryId: p.categoryId ?? undefined,
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useMyAttempts(quizId: string | null) {
  return useQuery({
    queryKey: [...QUIZ_KEY, 'attempts', quizId],
    queryFn: async () => (await api.post<{ results: AttemptSummary[] }>('/quiz/myAttempts', { quizId })).data.results,
    enabled: quizId !== null,
  });
}

function useQuizMutation<V, T>(call: (values: V) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: QUIZ_KEY }) });
}

export const useAddCategory = () => useQuizMutation((name: string) => api.post<QuizCategory>('/quiz/category/add', { name }));
export const useUpdateCategory = () => useQuizMutation((v: { categoryId: string; name: string }) => api.post<QuizCategory>('/quiz/category/update', v));
export const useRemoveCategory = () => useQuizMutation((categoryId: string) => api.delete<null>('/quiz/category/remove', { categoryId }));
export const useAddQuiz = () => useQuizMutation((v: QuizFormValues) => api.post<QuizDetail>('/quiz/addQuiz', v));
export const useUpdateQuiz = () => useQuizMutation((v: QuizFormValues & { quizId: string }) => api.post<QuizDetail>('/quiz/updateQuiz', v));
export const useRemoveQuiz = () => useQuizMutation((quizId: string) => api.delete<null>('/quiz/removeQuiz', { quizId }));
export const usePublishQuiz = () => useQuizMutation((v: { quizId: string; published: boolean }) => api.post<QuizDetail>('/quiz/publishQuiz', v));
export const useAddQuestion = () => useQuizMutation((v: QuestionFormValues & { quizId: string }) => api.post<QuizDetail>('/quiz/question/add', v));
export const useUpdateQuestion = () => useQuizMutation((v: QuestionFormValues & { questionId: string }) => api.post<QuizDetail>('/quiz/question/update', v));
export const useRemoveQuestion = () => useQuizMutation((questionId: string) => api.delete<QuizDetail>('/quiz/question/remove', { questionId }));
export const useStartAttempt = () => useQuizMutation((quizId: string) => api.post<StartedAttempt>('/quiz/startAttempt', { quizId }));
export const useSubmitAttempt = () =>
  useQuizMutation((v: { attemptId: string; answers: { questionId: string; chosen: number[] }[] }) => api.post<AttemptResult>('/quiz/submitAttempt', v));
