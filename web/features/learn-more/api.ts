import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LearnMorePage } from '../../../shared/contracts/learn-more';
import { api } from '../../lib/api';

const KEY = ['learnMore'] as const;

export function useLearnMore(schoolId: string | null) {
  return useQuery({
    queryKey: [...KEY, schoolId],
    queryFn: async () => (await api.post<LearnMorePage>('/learnMore/getLearnMore', { schoolId })).data,
    enabled: schoolId !== null,
  });
}

export function useSaveAbout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (about: string) => api.post<{ about: string }>('/learnMore/updateLearnMoreAbout', { about }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
