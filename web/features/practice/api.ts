import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRACTICE_ROUTES as R, type PracticeFilter, type PracticeFormInput } from '../../../shared/contracts/practice';
import { PAGE_SIZE } from '../../../shared/constants';
import { callApi } from '../../lib/callApi';

export const PRACTICE_KEY = ['practice'] as const;
export const PRACTICE_PAGE_SIZE = PAGE_SIZE.practice;

export function usePracticeList(params: { page: number; status: PracticeFilter; studentId?: string | null; search?: string }) {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'list', params],
    queryFn: async () => (await callApi(R.list, {
      body: {
        page: params.page, limit: PRACTICE_PAGE_SIZE, status: params.status, ...(params.studentId ? { studentId: params.studentId } : {}),
        ...(params.search ? { search: params.search } : {}),
      },
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePractice(id: string | undefined) {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'one', id],
    queryFn: async () => (await callApi(R.view, { params: { id: id! } })).data,
    enabled: !!id,
  });
}

export function usePracticeCounts(studentId: string | null) {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'counts', studentId],
    queryFn: async () => (await callApi(R.counts, { body: { studentId: studentId! } })).data,
    enabled: !!studentId,
  });
}

/** The students (and classes/groups) whose practice the caller may assign or read. */
export function usePracticeStudents(search = '') {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'students', search],
    queryFn: async () => (await callApi(R.students, { body: { limit: 100, ...(search ? { search } : {}) } })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function usePracticeReport(studentId: string | null) {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'report', studentId],
    queryFn: async () => (await callApi(R.report, { body: { studentId: studentId! } })).data,
    enabled: !!studentId,
  });
}

function usePracticeMutation<V, T>(send: (values: V) => Promise<{ message: string; data: T }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: PRACTICE_KEY }) });
}

export const useAddPractice = () => usePracticeMutation((v: PracticeFormInput) => callApi(R.add, { body: v }));
export const useUpdatePractice = () =>
  usePracticeMutation((v: PracticeFormInput & { practiceId: string }) => callApi(R.update, { body: v }));
export const useRemovePractice = () => usePracticeMutation((practiceId: string) => callApi(R.remove, { body: { practiceId } }));
export const useCompleteItem = () =>
  usePracticeMutation((v: { itemId: string; complete: boolean }) => callApi(R.completeItem, { body: v }));
