import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../shared/contracts/common';
import type { SignupCounts, SignupItem, SignupStatus } from '../../../shared/contracts/signup-widget';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';

export const SIGNUPS_PAGE_SIZE = PAGE_SIZE.people;
const BASE = '/reporting/approvedStudent';
const SIGNUPS_KEY = ['signups'] as const;

export type SignupList = ListResult<SignupItem, SignupCounts>;

export function useSignupList({ status, page }: { status: SignupStatus; page: number }) {
  return useQuery({
    queryKey: [...SIGNUPS_KEY, 'list', { status, page }],
    queryFn: async () =>
      (await api.post<SignupList>(`${BASE}/list`, { status, page, limit: SIGNUPS_PAGE_SIZE, sortBy: 'createdAt', orderBy: -1 })).data,
    placeholderData: keepPreviousData,
  });
}

/** A decision moves a signup between tabs: every list and count refreshes. */
function useDecision(path: 'approve' | 'decline') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<SignupItem>(`${BASE}/${path}`, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SIGNUPS_KEY }),
  });
}

export const useApproveSignup = () => useDecision('approve');
export const useDeclineSignup = () => useDecision('decline');
