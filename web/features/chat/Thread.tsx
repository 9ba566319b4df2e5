import { ActionIcon, Avatar, Box, Button, Center, Group, Indicator, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { CHAT_EVENTS, CHAT_LIMITS, type ChatMessage, type ChatUser, type TypingEvent } from '../../../shared/contracts/chat';
import { QueryError } from '../../components/QueryError';
import { fullName, roleLabel } from '../../lib/format';
import { useMessages } from './api';
import { chatSocket } from './chatSocket';
import { shortTime } from './chatTime';
import { Composer } from './Composer';
import classes from './Chat.module.css';

type Props = { me: string; other: ChatUser; onBack?: () => void };

/** "… is typing" for 3 seconds after the last typing event (docs/domains/communication.md "Rules", "Limits"). */
function useTyping(otherId: string) {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const s = chatSocket();
    if (!s) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onTyping = (e: TypingEvent) => {
      if (e.userId !== otherId) return;
      clearTimeout(timer);
      setTyping(e.isTyping);
      if (e.isTyping) timer = setTimeout(() => setTyping(false), CHAT_LIMITS.typingClearMs);
    };
    const onMessage = (m: ChatMessage) => {
      if (m.sender_id === otherId) setTyping(false);
    };
    s.on(CHAT_EVENTS.typing, onTyping);
    s.on(CHAT_EVENTS.newMessage, onMessage);
    return () => {
      clearTimeout(timer);
      s.off(CHAT_EVENTS.typing, onTyping);
      s.off(CHAT_EVENTS.newMessage, onMessage);
      setTyping(false);
    };
  }, [otherId]);
  return typing;
}

/** One conversation: its history (load earlier), read receipts, the typing line and the composer. */
export function Thread({ me, other, onBack }: Props) {
  const history = useMessages(other._id);
  const typing = useTyping(other._id);
  const messages = useMemo(() => (history.data ? [...history.data.pages].reverse().flatMap((p) => p.results) : []), [history.data]);
  const viewport = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?._id;
  const unreadFromOther = messages.some((m) => m.sender_id === other._id && !m.readAt);

  // Reading the thread marks what they sent as read (their read receipt).
  useEffect(() => {
    if (unreadFromOther) chatSocket()?.emit(CHAT_EVENTS.readMessage, { userId: other._id });
  }, [unreadFromOther, other._id, lastId]);

  // The newest message (or the typing line) stays in view.
  useLayoutEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastId, typing]);

  const lastMine = [...messages].reverse().find((m) => m.sender_id === me);

  return (
    <Stack gap="sm" h="100%" className={classes.pane}>
      <Group gap="sm" wrap="nowrap">
        {onBack && (
          <ActionIcon variant="subtle" onClick={onBack} aria-label="Back to conversations">
            <IconArrowLeft size={20} />
          </ActionIcon>
        )}
        <Indicator color={other.isOnline ? 'teal' : 'gray.5'} position="bottom-end" size={11} offset={5} withBorder>
          <Avatar name={fullName(other)} color="indigo" variant="filled" radius="xl" />
        </Indicator>
        <Box miw={0}>
          <Text fw={600} component="h2" size="md" m={0} truncate>
            {fullName(other)}
          </Text>
          <Text size="xs" c="dimmed">
            {roleLabel(other.role)} · {other.isOnline ? 'Online' : 'Offline'}
          </Text>
        </Box>
      </Group>

      <ScrollArea
        className={classes.messages}
        viewportRef={viewport}
        type="auto"
        scrollbars="y"
        // A keyboard scrolls the history too; a log is read out as it grows.
        viewportProps={{ tabIndex: 0, role: 'log', 'aria-label': `Messages with ${fullName(other)}` }}
      >
        {history.isPending ? (
          <Center p="xl">
            <Loader size="sm" aria-label="Loading messages" />
          </Center>
        ) : history.isError ? (
          <QueryError error={history.error} onRetry={() => void history.refetch()} />
        ) : (
          <Stack gap={6} p="xs">
            {history.hasNextPage && (
              <Center>
                <Button variant="subtle" size="xs" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                  Load earlier messages
                </Button>
              </Center>
            )}
            {messages.length === 0 && (
              <Text c="dimmed" size="sm" ta="center" p="lg">
                No messages yet. Say hello!
              </Text>
            )}
            {messages.map((m) => {
              const mine = m.sender_id === me;
              return (
                <Stack key={m._id} gap={2} align={mine ? 'flex-end' : 'flex-start'}>
                  <Box className={`${classes.bubble} ${mine ? classes.mine : classes.theirs}`}>
                    <Text size="sm" inherit>
                      {m.message}
                    </Text>
                  </Box>
                  <Text size="xs" c="dimmed">
                    {shortTime(m.createdAt)}
                    {m._id === lastMine?._id && (m.readAt ? ' · Read' : ' · Sent')}
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        )}
      </ScrollArea>

      <Text size="xs" c="dimmed" aria-live="polite" mih={18}>
        {typing ? `${other.first_name} is typing…` : ''}
      </Text>
      <Composer userId={other._id} />
    </Stack>
  );
}
