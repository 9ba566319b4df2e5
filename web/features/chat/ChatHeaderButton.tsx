import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useChatEvents, useUnreadCounts } from './api';

/** The header's chat button with the unread badge (issue 14); it keeps the socket's events flowing on every page. */
export function ChatHeaderButton() {
  useChatEvents();
  const counts = useUnreadCounts();
  const total = counts.data?.total ?? 0;
  const label = total > 0 ? `Chat, ${total} unread` : 'Chat';
  return (
    <Indicator label={total > 99 ? '99+' : total} size={18} color="red" disabled={total === 0} offset={4}>
      <ActionIcon component={Link} to="/chat" variant="subtle" size="lg" aria-label={label} title={label}>
        <IconMessages size={22} />
      </ActionIcon>
    </Indicator>
  );
}
