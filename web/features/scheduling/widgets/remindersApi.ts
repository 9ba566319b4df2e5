import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHEDULING_ROUTES as R } from '../../../../shared/contracts/scheduling';
import { callApi } from '../../../lib/callApi';

/** The lesson reminder switch and the private calendar link of the signed-in user. */
const NOTIFY_KEY = ['profile', 'notificationOnOff'] as const;
const FEED_KEY = ['profile', 'calendarFeed'] as const;

export function useNotificationSetting() {
  return useQuery({
    queryKey: NOTIFY_KEY,
    queryFn: async () => (await callApi(R.getNotificationOnOff, { body: {} })).data,
  });
}

export function useSetNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationsOn: boolean) => callApi(R.notificationOnOff, { body: { notificationsOn } }),
    onSuccess: (result) => queryClient.setQueryData(NOTIFY_KEY, result.data),
  });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: FEED_KEY,
    queryFn: async () => (await callApi(R.getCalendarFeed, { body: {} })).data,
  });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(R.resetCalendarFeed, { body: {} }),
    onSuccess: (result) => queryClient.setQueryData(FEED_KEY, result.data),
  });
}
