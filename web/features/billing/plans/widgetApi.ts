import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicWidget, Widget, WidgetStates } from '../../../../shared/contracts/plan-widgets';
import { api } from '../../../lib/api';

const WIDGETS_KEY = ['widgets'] as const;

export function useActiveWidgets() {
  return useQuery({ queryKey: WIDGETS_KEY, queryFn: async () => (await api.post<WidgetStates>('/widget/getActiveWidget', {})).data });
}

export function useSetWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { widget: Widget; active: boolean }) => api.post<WidgetStates>('/widget/setActiveWidget', v),
    onSuccess: (result) => client.setQueryData(WIDGETS_KEY, result.data),
  });
}

/** A widget page's school (no session: the visitor of a school's website has none). */
export async function fetchPublicWidget(adminId: string, widget: Widget): Promise<PublicWidget> {
  return (await api.post<PublicWidget>('/widget/public/school', { adminId, widget }, { auth: 'none' })).data;
}
