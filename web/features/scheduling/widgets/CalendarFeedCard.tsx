import { Button, Card, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { SCHEDULING_MESSAGES } from '../../../../shared/contracts/scheduling';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCalendarFeed, useResetCalendarFeed } from './remindersApi';

/** The private iCal link of the user's lessons, to subscribe to in a calendar app; reset if it leaks. */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const confirmReset = () =>
    reset.mutate(undefined, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.feedReset);
        setConfirming(false);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="feed-title">
      <Title id="feed-title" order={2} size="h3" mb="xs">
        Calendar feed
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Copy your private calendar link into Google Calendar or Apple Calendar. Anyone with the link can see your lessons.
      </Text>
      {feed.isPending ? (
        <Skeleton h={36} role="status" aria-label="Loading your feed" />
      ) : feed.isError ? (
        <QueryError error={feed.error} onRetry={() => void feed.refetch()} title="Could not load your calendar link" />
      ) : (
        <Stack gap="sm">
          <TextInput label="Calendar link" value={feed.data.url} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Group gap="sm">
            <CopyButton value={feed.data.url} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
              Reset link
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Reset calendar link"
        onConfirm={confirmReset}
        loading={reset.isPending}
        confirmLabel="Reset link"
      >
        The old link stops working: calendars subscribed to it no longer update. Copy the new link into them again.
      </ConfirmModal>
    </Card>
  );
}
