import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PAGE_SIZE } from '../../../shared/constants';
import { NOTIFICATION_EVENT, NOTIFICATION_ROUTES as R } from '../../../shared/contracts/notifications';
import { NOTIFICATION_PREFERENCE_ROUTES as P, type ChannelPreference } from '../../../shared/contracts/notification-preferences';
import { callApi } from '../../lib/callApi';
import { chatSocket } from '../chat';

export const NOTIFICATIONS_PAGE_SIZE = PAGE_SIZE.notifications;
const KEY = ['notifications'] as const;
const keys = {
  count: (userId: string) => [...KEY, 'count', userId] as const,
  page: (page: number) => [...KEY, 'list', page] as const,
};

/**
 * How often the bell asks for its count when no socket tells it (a socket may be reconnecting,
 * or not yet connected): once a minute, and whenever the window gets focus again.
 */
const COUNT_POLL_MS = 60_000;

export type { NotificationPage } from '../../../shared/contracts/notifications';

export function useUnreadCount(userId: string) {
  return useQuery({
    queryKey: keys.count(userId),
    queryFn: async () => (await callApi(R.unreadCount, { body: { userId } })).data,
    refetchInterval: COUNT_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** A page of the signed-in person's notifications, newest first (the bell shows page one). */
export function useNotifications(page: number, enabled = true) {
  return useQuery({
    queryKey: keys.page(page),
    queryFn: async () => (await callApi(R.list, { body: { page, limit: NOTIFICATIONS_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

const refreshAll = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ queryKey: KEY });

export function useReadNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await callApi(R.read, { body: { id } })).data,
    onSuccess: () => refreshAll(client),
  });
}

export function useReadAllNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => callApi(R.readAll),
    onSuccess: () => refreshAll(client),
  });
}

/** A notification made or read while this tab is open (the chat socket's `notification` event) refreshes the bell and the page. */
export function useNotificationEvents(withSocket: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    const socket = withSocket ? chatSocket() : null;
    if (!socket) return;
    const refresh = () => void refreshAll(client);
    socket.on(NOTIFICATION_EVENT, refresh);
    // A reconnection may have missed events.
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off(NOTIFICATION_EVENT, refresh);
      socket.io.off('reconnect', refresh);
    };
  }, [client, withSocket]);
}

const preferencesKey = [...KEY, 'preferences'] as const;

/** The signed-in person's channels for each category their role has (decision 083). */
export function useNotificationPreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: async () => (await callApi(P.get, {})).data });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: ChannelPreference[]) => callApi(P.set, { body: { preferences } }),
    onSuccess: (result) => client.setQueryData(preferencesKey, result.data),
  });
}
