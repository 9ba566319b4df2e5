import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../shared/contracts/auth';
import type { Profile, ProfileBody } from '../../../shared/contracts/profile';
import { api } from '../../lib/api';

const PROFILE_KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async () => (await api.get<Profile>('/profile/getProfile')).data,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.post<Profile>('/profile/updateProfile', body),
    onSuccess: (result) => queryClient.setQueryData(PROFILE_KEY, result.data),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<null>('/profile/changePassword', body),
  });
}
