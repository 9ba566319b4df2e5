import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryError } from '../../components/QueryError';
import { useLatestActivities } from './api';

export const ACTIVITIES_PATH = '/recentActivities/viewAllActivities';

/** In the school's zone, whatever the browser's. */
const when = (iso: string, timeZone: string) => new Date(iso).toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });

/** The school's latest changes, and the way to all of them (the page has no menu entry of its own). */
export function RecentActivitiesCard() {
  const latest = useLatestActivities();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="recent-activities-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="recent-activities-title">
            Recent activities
          </Title>
          <Anchor component={Link} to={ACTIVITIES_PATH} size="sm">
            View all activities
          </Anchor>
        </Group>
        {latest.isPending && <Skeleton height={72} />}
        {latest.isError && <QueryError error={latest.error} onRetry={() => void latest.refetch()} />}
        {latest.data && latest.data.results.length === 0 && (
          <Text c="dimmed" size="sm">
            Nothing has happened yet.
          </Text>
        )}
        {latest.data && latest.data.results.length > 0 && (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {latest.data.results.map((a) => (
              <Group key={a._id} component="li" justify="space-between" wrap="nowrap" gap="md">
                <Text size="sm">{a.text}</Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {when(a.createdAt, a.timeZone)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
