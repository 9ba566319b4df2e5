import { Card, Skeleton, Switch, Text, Title } from '@mantine/core';
import { SCHEDULING_MESSAGES } from '../../../../shared/contracts/scheduling';
import { QueryError } from '../../../components/QueryError';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNotificationSetting, useSetNotification } from './remindersApi';

/** Whether the job runner emails this user before each of their lessons. */
export function LessonRemindersCard() {
  const setting = useNotificationSetting();
  const save = useSetNotification();
  const toggle = (on: boolean) =>
    save.mutate(on, {
      onSuccess: (result) => notifySuccess(result.message || SCHEDULING_MESSAGES.notificationSaved),
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reminders-title">
      <Title id="reminders-title" order={2} size="h3" mb="xs">
        Lesson reminders
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        An email a little before each lesson, at the time your school sets.
      </Text>
      {setting.isPending ? (
        <Skeleton h={24} w={260} role="status" aria-label="Loading reminder setting" />
      ) : setting.isError ? (
        <QueryError error={setting.error} onRetry={() => void setting.refetch()} title="Could not load your reminder setting" />
      ) : (
        <Switch
          label="Email me before each lesson"
          checked={save.isPending ? (save.variables ?? setting.data.notificationsOn) : setting.data.notificationsOn}
          disabled={save.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
      )}
    </Card>
  );
}
