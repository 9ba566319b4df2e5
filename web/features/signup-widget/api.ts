import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SIGNUP_ROUTES, type SignupListAnswer, type SignupStatus } from '../../../shared/contracts/signup-widget';
import { PAGE_SIZE } from '../../../shared/constants';
import { callApi } from '../../lib/callApi';

export const SIGNUPS_PAGE_SIZE = PAGE_SIZE.people;
const SIGNUPS_KEY = ['signups'] as const;

export type SignupList = SignupListAnswer;

export function useSignupList({ status, page }: { status: SignupStatus; page: number }) {
  return useQuery({
    queryKey: [...SIGNUPS_KEY, 'list', { status, page }],
    queryFn: async () =>
      (await callApi(SIGNUP_ROUTES.list, { body: { status, page, limit: SIGNUPS_PAGE_SIZE, sortBy: 'createdAt', orderBy: -1 } })).data,
    placeholderData: keepPreviousData,
  });
}

/** A decision moves a signup between tabs: every list and count refreshes. */
function useDecision(path: 'approve' | 'decline') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(SIGNUP_ROUTES[path], { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SIGNUPS_KEY }),
  });
}

export const useApproveSignup = () => useDecision('approve');
export const useDeclineSignup = () => useDecision('decline');
