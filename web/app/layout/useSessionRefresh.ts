import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AUTH_ROUTES } from '../../../shared/contracts/auth';
import { callApi } from '../../lib/callApi';
import { refreshSessionUsers } from '../../lib/session';

/**
 * The stored user is a copy taken at sign-in; this keeps it current (a verified email, a changed
 * name, a school's new flags) and, through the api client's 401 handling, ends dead sessions.
 */
export function useSessionRefresh(userId: string): void {
  const { data } = useQuery({
    queryKey: ['auth', 'me', userId],
    queryFn: async () => (await callApi(AUTH_ROUTES.me)).data,
  });
  useEffect(() => {
    if (data) refreshSessionUsers(data);
  }, [data]);
}
