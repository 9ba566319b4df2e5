import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../shared/contracts/common';
import type { FamilyFormValues, FamilyItem, FamilyUpdateValues } from '../../../shared/contracts/families';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';

export const FAMILIES_PAGE_SIZE = PAGE_SIZE.people;
const BASE = '/family';
const FAMILIES_KEY = ['families'] as const;

export function useFamilyList({ page, search }: { page: number; search: string }) {
  return useQuery({
    queryKey: [...FAMILIES_KEY, 'list', { page, search }],
    queryFn: async () =>
      (
        await api.post<ListResult<FamilyItem>>(`${BASE}/list`, {
          page,
          limit: FAMILIES_PAGE_SIZE,
          search: search || undefined,
          sortBy: 'createdAt',
          orderBy: -1,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useFamily(id: string | undefined) {
  return useQuery({
    queryKey: [...FAMILIES_KEY, 'details', id],
    queryFn: async () => (await api.get<FamilyItem>(`${BASE}/view/${encodeURIComponent(id ?? '')}`)).data,
    enabled: Boolean(id),
  });
}

export type FamilyPersonType = 'parent' | 'student';


export const familyPeopleKey = (type: FamilyPersonType) => [...FAMILIES_KEY, 'options', type] as const;

function useFamilyMutation<V>(call: (values: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAMILIES_KEY }),
  });
}

export function useAddFamily() {
  return useFamilyMutation((values: FamilyFormValues) => api.post<FamilyItem>(`${BASE}/add`, values));
}

export function useUpdateFamily() {
  return useFamilyMutation((values: FamilyUpdateValues) => api.post<FamilyItem>(`${BASE}/update`, values));
}

export function useDeleteFamily() {
  return useFamilyMutation((id: string) => api.delete<null>(`${BASE}/remove`, { id }));
}
