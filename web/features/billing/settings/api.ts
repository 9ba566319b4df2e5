import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingSettings, BillingSettingsForm } from '../../../../shared/contracts/billing-settings';
import { api } from '../../../lib/api';

const SETTINGS_KEY = ['billing-settings'] as const;

export function useBillingSettings(enabled = true) {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await api.get<BillingSettings>('/billing/settings')).data,
    enabled,
  });
}

export function useSaveBillingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: BillingSettingsForm) => api.post<BillingSettings>('/billing/settings', values),
    onSuccess: (result) => client.setQueryData(SETTINGS_KEY, result.data),
  });
}
