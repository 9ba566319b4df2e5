import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../shared/contracts/auth';
import { PROFILE_ROUTES, type ProfileBody } from '../../../shared/contracts/profile';
import { callApi } from '../../lib/callApi';

const PROFILE_KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async () => (await callApi(PROFILE_ROUTES.get)).data,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => callApi(PROFILE_ROUTES.update, { body }),
    onSuccess: (result) => queryClient.setQueryData(PROFILE_KEY, result.data),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => callApi(PROFILE_ROUTES.changePassword, { body }),
  });
}
