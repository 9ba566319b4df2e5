import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassDetails, ClassFormValues, ClassListItem, ClassUpdateValues } from '../../../shared/contracts/classes';
import type { ListResult } from '../../../shared/contracts/common';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';

export const CLASSES_PAGE_SIZE = PAGE_SIZE.classes;
const BASE = '/classes';
const CLASSES_KEY = ['classes'] as const;

export type ClassListParams = { page: number; search: string; teacherId: string | null };

export function useClassList({ page, search, teacherId }: ClassListParams) {
  return useQuery({
    queryKey: [...CLASSES_KEY, 'list', { page, search, teacherId }],
    queryFn: async () =>
      (
        await api.post<ListResult<ClassListItem>>(`${BASE}/list`, {
          page,
          limit: CLASSES_PAGE_SIZE,
          search: search || undefined,
          teacherId: teacherId ?? undefined,
          sortBy: 'createdAt',
          orderBy: -1,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useClassDetails(id: string | undefined) {
  return useQuery({
    queryKey: [...CLASSES_KEY, 'details', id],
    queryFn: async () => (await api.get<ClassDetails>(`${BASE}/view/${encodeURIComponent(id ?? '')}`)).data,
    enabled: Boolean(id),
  });
}


export const classPeopleKey = (type: 'teacher' | 'student') => [...CLASSES_KEY, 'options', type] as const;

function useClassMutation<V>(call: (values: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
  });
}

export function useAddClass() {
  return useClassMutation((values: ClassFormValues) => api.post<ClassListItem>(`${BASE}/add`, values));
}

export function useUpdateClass() {
  return useClassMutation((values: ClassUpdateValues) => api.post<ClassListItem>(`${BASE}/update`, values));
}

export function useDeleteClass() {
  return useClassMutation((id: string) => api.delete<null>(`${BASE}/remove`, { id }));
}
