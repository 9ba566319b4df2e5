import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecurringFormInput, RecurringItem, RecurringListAnswer, RecurringListQuery } from '../../../../shared/contracts/billing-recurring';
import { api } from '../../../lib/api';

const BASE = '/recurringInvoices';
const RECURRING_KEY = ['recurring-invoices'] as const;
export const RECURRING_PAGE_SIZE = 10;

export function useRecurringList(params: RecurringListQuery) {
  return useQuery({
    queryKey: [...RECURRING_KEY, params],
    queryFn: async () => (await api.post<RecurringListAnswer>(`${BASE}/list`, { ...params, limit: RECURRING_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
  });
}

function useRecurringMutation<V>(send: (values: V) => Promise<{ message: string; data: unknown }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: RECURRING_KEY }) });
}

export const useCreateRecurring = () => useRecurringMutation((v: RecurringFormInput) => api.post<RecurringItem>(`${BASE}/create`, v));
export const useUpdateRecurring = () => useRecurringMutation((v: RecurringFormInput & { id: string }) => api.post<RecurringItem>(`${BASE}/update`, v));
export const useSetRecurringActive = () => useRecurringMutation((v: { id: string; active: boolean }) => api.post<RecurringItem>(`${BASE}/setActive`, v));
export const useRemoveRecurring = () => useRecurringMutation((id: string) => api.delete<null>(`${BASE}/remove`, { id }));
