import { useQuery } from '@tanstack/react-query';
import type { Child } from '../../../shared/contracts/members';
import { api } from '../../lib/api';

export function useChildren() {
  return useQuery({
    queryKey: ['member', 'children'],
    queryFn: async () => (await api.get<{ results: Child[] }>('/member/children')).data.results,
  });
}
