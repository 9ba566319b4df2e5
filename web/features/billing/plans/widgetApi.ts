import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WIDGET_ROUTES as R, type Widget } from '../../../../shared/contracts/plan-widgets';
import { callApi } from '../../../lib/callApi';

const WIDGETS_KEY = ['widgets'] as const;

export function useActiveWidgets() {
  return useQuery({ queryKey: WIDGETS_KEY, queryFn: async () => (await callApi(R.active)).data });
}

export function useSetWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { widget: Widget; active: boolean }) => callApi(R.set, { body: v }),
    onSuccess: (result) => client.setQueryData(WIDGETS_KEY, result.data),
  });
}
