import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The lesson reminder switch and the private calendar link of the signed-in user. */
const NOTIFY_KEY = ['profile', 'notificationOnOff'] as const;
const FEED_KEY = ['profile', 'calendarFeed'] as const;

type NotificationSetting = { userId: string; notificationsOn: boolean };

export function useNotificationSetting() {
  return useQuery({
    queryKey: NOTIFY_KEY,
    queryFn: async () => (await api.post<NotificationSetting>('/scheduling/getNotificationOnOff', {})).data,
  });
}

export function useSetNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationsOn: boolean) => api.post<NotificationSetting>('/scheduling/notificationOnOff', { notificationsOn }),
    onSuccess: (result) => queryClient.setQueryData(NOTIFY_KEY, result.data),
  });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: FEED_KEY,
    queryFn: async () => (await api.post<{ url: string }>('/scheduling/getCalendarFeed', {})).data,
  });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/scheduling/resetCalendarFeed', {}),
    onSuccess: (result) => queryClient.setQueryData(FEED_KEY, result.data),
  });
}
