import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  CHAT_EVENTS, CHAT_LIMITS, CHAT_ROUTES as R, type ChatMessage, type ChatUser, type SendMessageBody, type UserWiseMsgCount,
} from '../../../shared/contracts/chat';
import { callApi } from '../../lib/callApi';
import { askChat, chatSocket } from './chatSocket';

const keys = {
  users: (search: string) => ['chat', 'users', search] as const,
  counts: ['chat', 'counts'] as const,
  messages: (userId: string) => ['chat', 'messages', userId] as const,
};

export function useChatUsers(search: string) {
  return useQuery({
    queryKey: keys.users(search),
    queryFn: async () => (await askChat<{ results: ChatUser[] }>(CHAT_EVENTS.getUserList, search ? { search } : {})).results,
  });
}

export function useUnreadCounts(enabled = true) {
  return useQuery({ queryKey: keys.counts, queryFn: () => askChat<UserWiseMsgCount>(CHAT_EVENTS.getUserWiseMsgCount), enabled });
}

/** One conversation, a page at a time from the newest; older pages come first in `pages` order reversed. */
export function useMessages(userId: string) {
  return useInfiniteQuery({
    queryKey: keys.messages(userId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      (await callApi(R.getMessages, { body: { userId, limit: CHAT_LIMITS.historyPage, ...(pageParam ? { beforeId: pageParam } : {}) } })).data,
    getNextPageParam: (last) => (last.hasMore ? last.results[0]?._id : undefined),
  });
}

export function useSendMessage() {
  return useMutation({
    mutationFn: async (body: SendMessageBody) => (await callApi(R.sendMessage, { body })).data,
  });
}

/**
 * Keeps what this tab shows in step with the socket: a message, a read receipt or a person coming
 * and going refreshes the lists it touches.
 */
export function useChatEvents() {
  const client = useQueryClient();
  useEffect(() => {
    const s = chatSocket();
    if (!s) return;
    const onMessage = (m: ChatMessage) => {
      void client.invalidateQueries({ queryKey: ['chat', 'users'] });
      void client.invalidateQueries({ queryKey: keys.counts });
      void client.invalidateQueries({ queryKey: keys.messages(m.sender_id) });
      void client.invalidateQueries({ queryKey: keys.messages(m.receiver_id) });
    };
    const onRead = (e: { userId: string; withUserId: string }) => {
      void client.invalidateQueries({ queryKey: keys.counts });
      void client.invalidateQueries({ queryKey: ['chat', 'users'] });
      void client.invalidateQueries({ queryKey: keys.messages(e.userId) });
      void client.invalidateQueries({ queryKey: keys.messages(e.withUserId) });
    };
    const onPresence = () => void client.invalidateQueries({ queryKey: ['chat', 'users'] });
    // A reconnection may have missed events: read everything again.
    const onConnect = () => void client.invalidateQueries({ queryKey: ['chat'] });
    s.on(CHAT_EVENTS.newMessage, onMessage);
    s.on(CHAT_EVENTS.readMessage, onRead);
    s.on(CHAT_EVENTS.userConnected, onPresence);
    s.on(CHAT_EVENTS.onDisconnected, onPresence);
    s.io.on('reconnect', onConnect);
    return () => {
      s.off(CHAT_EVENTS.newMessage, onMessage);
      s.off(CHAT_EVENTS.readMessage, onRead);
      s.off(CHAT_EVENTS.userConnected, onPresence);
      s.off(CHAT_EVENTS.onDisconnected, onPresence);
      s.io.off('reconnect', onConnect);
    };
  }, [client]);
}
