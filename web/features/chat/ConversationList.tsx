import { Avatar, Badge, Box, Group, Indicator, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { ChatUser } from '../../../shared/contracts/chat';
import { QueryError } from '../../components/QueryError';
import { fullName, roleLabel } from '../../lib/format';
import { useChatUsers } from './api';
import { shortTime } from './chatTime';
import classes from './Chat.module.css';

type Props = { selectedId: string | null; onSelect: (user: ChatUser) => void };

/** The people one may chat with: online dot, unread count and last message, latest talk first. */
export function ConversationList({ selectedId, onSelect }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useChatUsers(debounced);

  return (
    <Stack gap="xs" h="100%">
      <TextInput
        label="Search people"
        placeholder="Name"
        leftSection={<IconSearch size={16} />}
        value={search}
        maxLength={100}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {users.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading conversations" />
        </Group>
      ) : users.isError ? (
        <QueryError error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <Text c="dimmed" size="sm" p="md">
          {debounced ? 'No one by that name.' : 'No one to chat with yet.'}
        </Text>
      ) : (
        <ScrollArea className={classes.listScroll} type="auto" scrollbars="y">
          <Stack gap={2} component="ul" className={classes.plainList} aria-label="Conversations">
            {users.data.map((u) => (
              <li key={u._id}>
                <UnstyledButton
                  className={classes.person}
                  data-active={u._id === selectedId || undefined}
                  aria-current={u._id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(u)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Indicator color={u.isOnline ? 'teal' : 'gray.5'} position="bottom-end" size={11} offset={5} withBorder>
                      <Avatar name={fullName(u)} color="indigo" variant="filled" radius="xl" />
                    </Indicator>
                    <Box miw={0} flex={1}>
                      <Group justify="space-between" gap={4} wrap="nowrap">
                        <Text fw={u.unreadCount > 0 ? 700 : 500} size="sm" truncate>
                          {fullName(u)}
                        </Text>
                        {u.lastMessage && (
                          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                            {shortTime(u.lastMessage.createdAt)}
                          </Text>
                        )}
                      </Group>
                      <Group justify="space-between" gap={4} wrap="nowrap">
                        <Text size="xs" c="dimmed" truncate>
                          {u.lastMessage ? u.lastMessage.message : `${roleLabel(u.role)} · ${u.isOnline ? 'online' : 'offline'}`}
                        </Text>
                        {u.unreadCount > 0 && (
                          <Badge size="sm" color="red" circle aria-label={`${u.unreadCount} unread`}>
                            {u.unreadCount}
                          </Badge>
                        )}
                      </Group>
                      <span className={classes.visuallyHidden}>{u.isOnline ? ', online' : ', offline'}</span>
                    </Box>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea>
      )}
    </Stack>
  );
}
