import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionUser } from '../../../shared/contracts/auth';
import { api } from '../../lib/api';
import { refreshSessionUsers } from '../../lib/session';

type Me = { user: SessionUser; actor: SessionUser | null };

/**
 * The stored user is a copy taken at sign-in; this keeps it current (a verified email, a changed
 * name, a school's new flags) and, through the api client's 401 handling, ends dead sessions.
 */
export function useSessionRefresh(userId: string): void {
  const { data } = useQuery({
    queryKey: ['auth', 'me', userId],
    queryFn: async () => (await api.get<Me>('/auth/me')).data,
  });
  useEffect(() => {
    if (data) refreshSessionUsers(data);
  }, [data]);
}
