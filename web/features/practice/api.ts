import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PracticeAssignment, PracticeCounts, PracticeFilter, PracticeFormInput, PracticeListAnswer, PracticeStudentsAnswer, StudentPracticeReport,
} from '../../../shared/contracts/practice';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';

export const PRACTICE_KEY = ['practice'] as const;
export const PRACTICE_PAGE_SIZE = PAGE_SIZE.practice;

export function usePracticeList(params: { page: number; status: PracticeFilter; studentId?: string | null; search?: string }) {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'list', params],
    queryFn: async () => (await api.post<PracticeListAnswer>('/practice/getPractice', {
      page: params.page, limit: PRACTICE_PAGE_SIZE, status: params.status, ...(params.studentId ? { studentId: params.studentId } : {}),
      ...(params.search ? { search: params.search } : {}),
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePractice(id: string | undefined) {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'one', id],
    queryFn: async () => (await api.get<PracticeAssignment>(`/practice/viewPractice/${id}`)).data,
    enabled: !!id,
  });
}

export function usePracticeCounts(studentId: string | null) {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'counts', studentId],
    queryFn: async () => (await api.post<PracticeCounts>('/practice/completeInCompletePracticeCount', { studentId })).data,
    enabled: !!studentId,
  });
}

/** The students (and classes/groups) whose practice the caller may assign or read. */
export function usePracticeStudents(search = '') {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'students', search],
    queryFn: async () => (await api.post<PracticeStudentsAnswer>('/practice/getPracticeStudents', { limit: 100, ...(search ? { search } : {}) })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function usePracticeReport(studentId: string | null) {
  return useQuery({
    queryKey: [...PRACTICE_KEY, 'report', studentId],
    queryFn: async () => (await api.post<StudentPracticeReport>('/practice/studentPracticeReport', { studentId })).data,
    enabled: !!studentId,
  });
}

function usePracticeMutation<V, T>(send: (values: V) => Promise<{ message: string; data: T }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: PRACTICE_KEY }) });
}

export const useAddPractice = () => usePracticeMutation((v: PracticeFormInput) => api.post<PracticeAssignment>('/practice/addPractice', v));
export const useUpdatePractice = () =>
  usePracticeMutation((v: PracticeFormInput & { practiceId: string }) => api.post<PracticeAssignment>('/practice/updatePractice', v));
export const useRemovePractice = () => usePracticeMutation((practiceId: string) => api.delete<null>('/practice/removePractice', { practiceId }));
export const useCompleteItem = () =>
  usePracticeMutation((v: { itemId: string; complete: boolean }) => api.post<PracticeAssignment>('/practice/completePracticeItem', v));
