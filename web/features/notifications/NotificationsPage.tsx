import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_MESSAGES, type NotificationItem } from '../../../shared/contracts/notifications';
import { ListPagination } from '../../components/ListPagination';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { useNotificationSetting, useSetNotification } from '../scheduling';
import { PushDeviceSwitch } from '../web-push';
import { hasPush } from '../../../shared/contracts/web-push';
import { useRequiredSession } from '../../lib/useSession';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications, useReadAllNotifications, useReadNotification } from './api';
import { relativeTime } from '../../lib/relativeTime';
import { PreferencesCard } from './PreferencesCard';

/** The person's one on/off switch (docs/domains/communication.md: notificationOnOff), which also rules lesson emails. */
function NotificationSwitch() {
  const setting = useNotificationSetting();
  const save = useSetNotification();
  if (setting.isPending) return <Skeleton h={24} w={260} role="status" aria-label="Loading notification setting" />;
  if (setting.isError) return <QueryError error={setting.error} onRetry={() => void setting.refetch()} title="Could not load your notification setting" />;
  return (
    <Switch
      label="Notifications on"
      description="Off: no new notifications here, and no lesson reminder or lesson change emails."
      checked={save.isPending ? (save.variables ?? setting.data.notificationsOn) : setting.data.notificationsOn}
      disabled={save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked, {
        onSuccess: (result) => notifySuccess(result.message),
        onError: (error) => notifyError(errorMessage(error)),
      })}
    />
  );
}

function NotificationRow({ n }: { n: NotificationItem }) {
  const read = useReadNotification();
  const markRead = () => read.mutate(n._id, { onError: (error) => notifyError(errorMessage(error)) });
  return (
    // Unread: a coloured edge and the "New" badge; a tinted background would dim the link below 4.5:1.
    <Card withBorder radius="md" padding="md" component="li" style={n.isRead ? undefined : { borderLeft: '4px solid var(--mantine-color-indigo-6)' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            {!n.isRead && <Badge size="xs" color="indigo" variant="filled" style={{ flexShrink: 0 }}>New</Badge>}
            <Text fw={n.isRead ? 500 : 700} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {n.link ? <Anchor component={Link} to={n.link} onClick={() => !n.isRead && markRead()} inherit>{n.title}</Anchor> : n.title}
            </Text>
          </Group>
          {n.body && <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{n.body}</Text>}
          <Text size="xs" c="dimmed">{relativeTime(n.createdAt)}</Text>
        </Stack>
        {!n.isRead && (
          <Button size="xs" variant="light" loading={read.isPending} onClick={markRead} aria-label={`Mark as read: ${n.title}`}>
            Mark as read
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** /notification: every notification of the signed-in person, newest first, five a page. */
export default function NotificationsPage() {
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const readAll = useReadAllNotifications();
  const { results, totalPages } = usePagedResults(list.data, NOTIFICATIONS_PAGE_SIZE, page, setPage);
  const unread = list.data?.unreadCount ?? 0;
  const { user, actor } = useRequiredSession();

  return (
    <Stack gap="lg">
      <PageHeader
        title="Notifications"
        subtitle={unread > 0 ? `${unread} unread` : 'All read'}
        actions={(
          <Button
            leftSection={<IconChecks size={18} />}
            variant="light"
            disabled={unread === 0}
            loading={readAll.isPending}
            onClick={() => readAll.mutate(undefined, {
              onSuccess: () => notifySuccess(NOTIFICATION_MESSAGES.allRead),
              onError: (error) => notifyError(errorMessage(error)),
            })}
          >
            Mark all as read
          </Button>
        )}
      />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notification-setting-title">
        <Title id="notification-setting-title" order={2} size="h4" mb="sm">Setting</Title>
        <NotificationSwitch />
      </Card>
      <PreferencesCard />
      {/* A browser belongs to the person at it, not to someone acting for them (decision 040). */}
      {hasPush(user.role) && !actor && <PushDeviceSwitch userId={user._id} />}
      <section aria-label="Your notifications">
        {list.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading notifications">
            {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={72} radius="md" />)}
          </Stack>
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} title="Could not load your notifications" />
        ) : results.length === 0 ? (
          <EmptyCard icon={<IconBellOff size={28} />} title="No notifications yet" description="Lesson changes, invoices, practice and messages show here." />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {results.map((n) => <NotificationRow key={n._id} n={n} />)}
          </Stack>
        )}
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </section>
    </Stack>
  );
}
