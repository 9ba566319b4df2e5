import { Card, EmptyState, Group, Skeleton, Stack, Switch, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCalendarEvent, IconChecklist, IconHistory, IconHomeHeart, IconLogin, IconUserEdit, IconUserPlus, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { useState } from 'react';
import type { ActivityItem } from '../../../shared/contracts/activities';
import { PageHeader } from '../../components/PageHeader';
import { ListPagination } from '../../components/ListPagination';
import { QueryError } from '../../components/QueryError';
import { useRequiredSession } from '../../lib/useSession';
import { ACTIVITIES_PAGE_SIZE, useActivities } from './api';
import { relativeTime } from '../../lib/relativeTime';

function iconFor(action: string): Icon {
  if (action.startsWith('class.')) return IconUsersGroup;
  if (action.startsWith('family.')) return IconHomeHeart;
  if (action.startsWith('loginas.')) return IconLogin;
  if (action.startsWith('lesson.') || action.startsWith('makeup.')) return IconCalendarEvent;
  if (action.startsWith('attendance.')) return IconChecklist;
  if (action === 'member.added' || action.startsWith('signup.')) return IconUserPlus;
  return IconUserEdit;
}

function Entry({ item }: { item: ActivityItem }) {
  const ItemIcon = iconFor(item.action);
  // The school's wall clock, whatever the browser's zone.
  const when = new Date(item.createdAt).toLocaleString('en-US', { timeZone: item.timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Timeline.Item
      bullet={
        <ThemeIcon size={24} radius="xl" variant="light">
          <ItemIcon size={14} />
        </ThemeIcon>
      }
      title={<Text size="sm">{item.text}</Text>}
    >
      <Group gap={6} wrap="wrap">
        <Text size="xs" c="dimmed" component="time" dateTime={item.createdAt} title={when}>
          {relativeTime(item.createdAt)}
        </Text>
        <Text size="xs" c="dimmed">
          · {when}
        </Text>
      </Group>
    </Timeline.Item>
  );
}

/**
 * Recent activities (docs/domains/roles-and-navigation.md "Screens and routes", /recentActivities/viewAllActivities): what happened in the
 * school, newest first, 10 a page; a student sees what they did and what was done to them.
 */
export default function ActivitiesPage() {
  const { user } = useRequiredSession();
  const [page, setPage] = useState(1);
  const [hideLoginAs, setHideLoginAs] = useState(false);
  const list = useActivities(page, hideLoginAs);
  const results = list.data?.results ?? [];
  const totalPages = Math.ceil((list.data?.totalCount ?? 0) / ACTIVITIES_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Recent Activities"
        subtitle={user.permissions.reach === 'self' ? 'What you did, and what was done on your account.' : 'Who changed what in your school, newest first.'}
      />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Switch
            label="Hide login-as entries"
            checked={hideLoginAs}
            onChange={(event) => {
              setHideLoginAs(event.currentTarget.checked);
              setPage(1);
            }}
          />
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} title="Could not load recent activities" />
          ) : list.isPending ? (
            <Stack gap="md" aria-busy="true" aria-label="Loading recent activities">
              {Array.from({ length: 4 }, (_, row) => (
                <Skeleton key={row} h={32} />
              ))}
            </Stack>
          ) : results.length === 0 ? (
            <EmptyState icon={<IconHistory size={28} />} title="No activities yet" description="Changes to members, classes/groups, families, lessons and attendance show here." />
          ) : (
            <Timeline bulletSize={24} lineWidth={2} aria-busy={list.isFetching} aria-label="Recent activities">
              {results.map((item) => (
                <Entry key={item._id} item={item} />
              ))}
            </Timeline>
          )}
          <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
        </Stack>
      </Card>
    </Stack>
  );
}
