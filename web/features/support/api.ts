import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../shared/contracts/common';
import {
  SUPPORT_LIMITS, type AnswerSupportRequestInput, type SendSupportRequestInput, type SupportCounts, type SupportListQuery,
  type SupportRequestDetail, type SupportRequestItem,
} from '../../../shared/contracts/support';
import { api } from '../../lib/api';

export const SUPPORT_PAGE_SIZE = SUPPORT_LIMITS.pageSize;
const KEY = ['support'] as const;

export function useSupportRequests(query: Omit<SupportListQuery, 'page' | 'limit'>, page: number) {
  const body = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return useQuery({
    queryKey: [...KEY, 'list', body, page],
    queryFn: async () => (await api.post<ListResult<SupportRequestItem, SupportCounts>>('/support/getSupportRequests', { ...body, page, limit: SUPPORT_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
  });
}

export function useSupportRequest(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'request', id],
    queryFn: async () => (await api.post<SupportRequestDetail>('/support/getSupportRequest', { id })).data,
    enabled: id !== null,
  });
}

export function useSendSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendSupportRequestInput) => api.post<SupportRequestDetail>('/support/sendSupportRequest', body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAnswerSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerSupportRequestInput) => api.post<SupportRequestDetail>('/support/answerSupportRequest', body),
    onSuccess: (answer) => {
      client.setQueryData([...KEY, 'request', answer.data._id], answer.data);
      return client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}
