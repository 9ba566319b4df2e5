import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECURRING_ROUTES as R, type RecurringFormInput, type RecurringListQuery } from '../../../../shared/contracts/billing-recurring';
import { callApi } from '../../../lib/callApi';

const RECURRING_KEY = ['recurring-invoices'] as const;
export const RECURRING_PAGE_SIZE = 10;

export function useRecurringList(params: RecurringListQuery) {
  return useQuery({
    queryKey: [...RECURRING_KEY, params],
    queryFn: async () => (await callApi(R.list, { body: { ...params, limit: RECURRING_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });
}

function useRecurringMutation<V>(send: (values: V) => Promise<{ message: string; data: unknown }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: RECURRING_KEY }) });
}

export const useCreateRecurring = () => useRecurringMutation((v: RecurringFormInput) => callApi(R.create, { body: v }));
export const useUpdateRecurring = () => useRecurringMutation((v: RecurringFormInput & { id: string }) => callApi(R.update, { body: v }));
export const useSetRecurringActive = () => useRecurringMutation((v: { id: string; active: boolean }) => callApi(R.setActive, { body: v }));
export const useRemoveRecurring = () => useRecurringMutation((id: string) => callApi(R.remove, { body: { id } }));
