import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LEARN_MORE_ROUTES as R } from '../../../shared/contracts/learn-more';
import { callApi } from '../../lib/callApi';

const KEY = ['learnMore'] as const;

export function useLearnMore(schoolId: string | null) {
  return useQuery({
    queryKey: [...KEY, schoolId],
    queryFn: async () => (await callApi(R.getLearnMore, { body: { schoolId: schoolId ?? '' } })).data,
    enabled: schoolId !== null,
  });
}

export function useSaveAbout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (about: string) => callApi(R.updateLearnMoreAbout, { body: { about } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
