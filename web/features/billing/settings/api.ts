import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_SETTINGS_ROUTES, type BillingSettingsForm } from '../../../../shared/contracts/billing-settings';
import { callApi } from '../../../lib/callApi';

const SETTINGS_KEY = ['billing-settings'] as const;

export function useBillingSettings(enabled = true) {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await callApi(BILLING_SETTINGS_ROUTES.get)).data,
    enabled,
  });
}

export function useSaveBillingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: BillingSettingsForm) => callApi(BILLING_SETTINGS_ROUTES.save, { body: values }),
    onSuccess: (result) => client.setQueryData(SETTINGS_KEY, result.data),
  });
}
