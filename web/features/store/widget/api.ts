import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicStoreWidget, StoreWidgetBuilder } from '../../../../shared/contracts/store-widget';
import { api } from '../../../lib/api';

const KEY = ['store', 'widget'] as const;

/** Store Builder's state: the chosen items in order, and the school's items to choose from. */
export function useStoreWidget() {
  return useQuery({ queryKey: KEY, queryFn: async () => (await api.post<StoreWidgetBuilder>('/store/widget/get', {})).data });
}

export function useSaveStoreWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) => api.post<StoreWidgetBuilder>('/store/widget/set', { productIds }),
    onSuccess: (result) => client.setQueryData(KEY, result.data),
  });
}

/** The public widget page's store (no session: the visitor of a school's website has none). */
export async function fetchPublicStoreWidget(adminId: string): Promise<PublicStoreWidget> {
  return (await api.post<PublicStoreWidget>('/store/widget/public', { adminId }, { auth: 'none' })).data;
}
