import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAMILY_ROUTES as R, type FamilyFormValues, type FamilyUpdateValues } from '../../../shared/contracts/families';
import { PAGE_SIZE } from '../../../shared/constants';
import { callApi } from '../../lib/callApi';

export const FAMILIES_PAGE_SIZE = PAGE_SIZE.people;
const FAMILIES_KEY = ['families'] as const;

export function useFamilyList({ page, search }: { page: number; search: string }) {
  return useQuery({
    queryKey: [...FAMILIES_KEY, 'list', { page, search }],
    queryFn: async () =>
      (
        await callApi(R.list, {
          body: {
            page,
            limit: FAMILIES_PAGE_SIZE,
            search: search || undefined,
            sortBy: 'createdAt',
            orderBy: -1,
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useFamily(id: string | undefined) {
  return useQuery({
    queryKey: [...FAMILIES_KEY, 'details', id],
    queryFn: async () => (await callApi(R.view, { params: { id: id ?? '' } })).data,
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
  return useFamilyMutation((values: FamilyFormValues) => callApi(R.add, { body: values }));
}

export function useUpdateFamily() {
  return useFamilyMutation((values: FamilyUpdateValues) => callApi(R.update, { body: values }));
}

export function useDeleteFamily() {
  return useFamilyMutation((id: string) => callApi(R.remove, { body: { id } }));
}
