import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import {
  COMMUNICATION_ROUTES as R, type Audience, type CommunicationLogQuery, type PreviewMassEmailInput, type SendMassEmailInput, type UnsubscribeAnswer,
} from '../../../shared/contracts/communication';
import { callApi } from '../../lib/callApi';

export const SENDS_PAGE_SIZE = PAGE_SIZE.reports;
export const LOG_PAGE_SIZE = PAGE_SIZE.communicationLog;
const KEY = ['communication'] as const;
const SENDS_KEY = [...KEY, 'sends'] as const;

/** How often the page asks for progress while a send still has queued emails. */
const PROGRESS_POLL_MS = 1500;

export function useRecipientCount(audience: Audience, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'count', audience],
    queryFn: async () => (await callApi(R.countRecipients, { body: audience })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The count and one recipient's copy, asked before the send (and again for another recipient). */
export function usePreviewMassEmail() {
  return useMutation({
    mutationFn: async (body: PreviewMassEmailInput) => (await callApi(R.previewMassEmail, { body })).data,
  });
}

/** The previewed copy, to the sender alone. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: async (body: PreviewMassEmailInput) => callApi(R.sendTestEmail, { body }),
  });
}

export function useSendMassEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SendMassEmailInput) => callApi(R.sendMassEmail, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SENDS_KEY }),
  });
}

/** Past sends with their progress; refreshed while any of them is still being delivered. */
export function useSends(page: number) {
  return useQuery({
    queryKey: [...SENDS_KEY, page],
    queryFn: async () => (await callApi(R.massEmailList, { body: { page, limit: SENDS_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some((s) => s.queued > 0) ? PROGRESS_POLL_MS : false),
  });
}

/** The log's filters as the server takes them: empty ones left out. */
export function logBody(filters: CommunicationLogQuery): CommunicationLogQuery {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as CommunicationLogQuery;
}

export function useCommunicationLog(filters: CommunicationLogQuery, page: number, enabled: boolean) {
  const body = logBody(filters);
  return useQuery({
    queryKey: [...KEY, 'log', body, page],
    queryFn: async () => (await callApi(R.communicationLog, { body: { ...body, page, limit: LOG_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCommunication(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'message', id],
    queryFn: async () => (await callApi(R.communication, { body: { id: id ?? '' } })).data,
    enabled: id !== null,
  });
}

export async function readUnsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return (await callApi(R.readUnsubscribe, { params: { token }, auth: 'none' })).data;
}

export async function confirmUnsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return (await callApi(R.confirmUnsubscribe, { params: { token }, auth: 'none' })).data;
}

export const peopleKey = (type: string) => [...KEY, 'options', type] as const;
