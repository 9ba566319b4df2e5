import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLASS_ROUTES as R, type ClassFormValues, type ClassUpdateValues } from '../../../shared/contracts/classes';
import { PAGE_SIZE } from '../../../shared/constants';
import { callApi } from '../../lib/callApi';

export const CLASSES_PAGE_SIZE = PAGE_SIZE.classes;
const CLASSES_KEY = ['classes'] as const;

export type ClassListParams = { page: number; search: string; teacherId: string | null };

export function useClassList({ page, search, teacherId }: ClassListParams) {
  return useQuery({
    queryKey: [...CLASSES_KEY, 'list', { page, search, teacherId }],
    queryFn: async () =>
      (
        await callApi(R.list, {
          body: {
            page,
            limit: CLASSES_PAGE_SIZE,
            search: search || undefined,
            teacherId: teacherId ?? undefined,
            sortBy: 'createdAt',
            orderBy: -1,
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useClassDetails(id: string | undefined) {
  return useQuery({
    queryKey: [...CLASSES_KEY, 'details', id],
    queryFn: async () => (await callApi(R.view, { params: { id: id ?? '' } })).data,
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
  return useClassMutation((values: ClassFormValues) => callApi(R.add, { body: values }));
}

export function useUpdateClass() {
  return useClassMutation((values: ClassUpdateValues) => callApi(R.update, { body: values }));
}

export function useDeleteClass() {
  return useClassMutation((id: string) => callApi(R.remove, { body: { id } }));
}
