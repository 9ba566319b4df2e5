import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SUPPORT_LIMITS, SUPPORT_ROUTES as R, type AnswerSupportRequestInput, type SendSupportRequestInput, type SupportListQuery,
} from '../../../shared/contracts/support';
import { callApi } from '../../lib/callApi';

export const SUPPORT_PAGE_SIZE = SUPPORT_LIMITS.pageSize;
const KEY = ['support'] as const;

export function useSupportRequests(query: Omit<SupportListQuery, 'page' | 'limit'>, page: number) {
  const body = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Omit<SupportListQuery, 'page' | 'limit'>;
  return useQuery({
    queryKey: [...KEY, 'list', body, page],
    queryFn: async () => (await callApi(R.list, { body: { ...body, page, limit: SUPPORT_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useSupportRequest(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'request', id],
    queryFn: async () => (await callApi(R.view, { body: { id: id ?? '' } })).data,
    enabled: id !== null,
  });
}

export function useSendSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendSupportRequestInput) => callApi(R.send, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAnswerSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerSupportRequestInput) => callApi(R.answer, { body }),
    onSuccess: (answer) => {
      client.setQueryData([...KEY, 'request', answer.data._id], answer.data);
      return client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}
