import { ActionIcon, Box, Indicator, Loader, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '../../../shared/contracts/notifications';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useNotificationEvents, useNotifications, useReadNotification, useUnreadCount } from './api';
import { relativeTime } from '../../lib/relativeTime';

type Props = { userId: string; withSocket: boolean };

/** The name a screen reader hears: the count is in it, not only in the badge. */
export const bellLabel = (count: number) => (count > 0 ? `Notifications, ${count} unread` : 'Notifications');

/** The header's bell (issue 14): the unread count, and the latest five in a dropdown; "View all" opens /notification. */
export function NotificationBell({ userId, withSocket }: Props) {
  useNotificationEvents(withSocket);
  const [opened, setOpened] = useState(false);
  const count = useUnreadCount(userId).data?.count ?? 0;
  const latest = useNotifications(1, opened);
  const read = useReadNotification();
  const navigate = useNavigate();
  const label = bellLabel(count);

  const open = (n: NotificationItem) => {
    if (!n.isRead) read.mutate(n._id, { onError: (error) => notifyError(errorMessage(error)) });
    if (n.link) void navigate(n.link);
  };

  return (
    // The badge wraps the whole menu: the menu's aria attributes belong on the button itself. No
    // focus placeholder in the dropdown: a role="menu" may hold menu items only (axe).
    <Indicator label={count > 99 ? '99+' : count} size={18} color="red" disabled={count === 0} offset={4}>
      <Menu opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} title={label}>
            <IconBell size={22} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Notifications</Menu.Label>
          {latest.isPending ? (
            <Box p="sm" ta="center"><Loader size="sm" aria-label="Loading notifications" /></Box>
          ) : latest.isError ? (
            <Text size="sm" c="red.8" p="sm">Could not load notifications.</Text>
          ) : latest.data.results.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">No notifications yet.</Text>
          ) : (
            latest.data.results.map((n) => (
              <Menu.Item key={n._id} onClick={() => open(n)}>
                <Text size="sm" fw={n.isRead ? 400 : 700} lineClamp={2}>
                  {!n.isRead && <><VisuallyHidden component="span">Unread:</VisuallyHidden>{' '}</>}
                  {n.title}
                </Text>
                {n.body && <Text size="xs" c="dimmed" lineClamp={2}>{n.body}</Text>}
                <Text size="xs" c="dimmed">{relativeTime(n.createdAt)}</Text>
              </Menu.Item>
            ))
          )}
          <Menu.Divider />
          <Menu.Item onClick={() => void navigate('/notification')} fw={500} c="indigo.8">View all</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Indicator>
  );
}
