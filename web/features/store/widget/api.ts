import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STORE_WIDGET_ROUTES } from '../../../../shared/contracts/store-widget';
import { callApi } from '../../../lib/callApi';

const KEY = ['store', 'widget'] as const;

/** Store Builder's state: the chosen items in order, and the school's items to choose from. */
export function useStoreWidget() {
  return useQuery({ queryKey: KEY, queryFn: async () => (await callApi(STORE_WIDGET_ROUTES.get)).data });
}

export function useSaveStoreWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) => callApi(STORE_WIDGET_ROUTES.set, { body: { productIds } }),
    onSuccess: (result) => client.setQueryData(KEY, result.data),
  });
}
