import { Badge, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SCHEDULING_MESSAGES, SCHEDULING_ROUTES as R, type UpcomingLesson } from '../../../../shared/contracts/scheduling';
import { errorMessage } from '../../../lib/api';
import { callApi } from '../../../lib/callApi';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { wallClock } from './wallClock';

const UPCOMING_LIMIT = 5;

function useUpcomingLessons(studentId: string) {
  return useQuery({
    queryKey: ['children', 'upcomingLessons', studentId],
    queryFn: async () =>
      (await callApi(R.getUpcomingLessons, { body: { studentId, limit: UPCOMING_LIMIT } })).data.results,
  });
}

function useChildReminders(userId: string) {
  const queryClient = useQueryClient();
  const key = ['children', 'notificationOnOff', userId];
  const setting = useQuery({
    queryKey: key,
    queryFn: async () => (await callApi(R.getNotificationOnOff, { body: { userId } })).data,
  });
  const save = useMutation({
    mutationFn: (notificationsOn: boolean) => callApi(R.notificationOnOff, { body: { userId, notificationsOn } }),
    onSuccess: (result) => queryClient.setQueryData(key, result.data),
  });
  return { setting, save };
}

const Label = ({ children }: { children: string }) => (
  <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
    {children}
  </Text>
);

function NextLesson({ lesson }: { lesson: UpcomingLesson }) {
  const { date, time } = wallClock(lesson.start);
  return (
    <div>
      <Label>Next lesson</Label>
      <Text size="sm" fw={600}>
        {date} · {time}
      </Text>
      <Text size="sm">
        {lesson.title}
        {lesson.room ? ` · ${lesson.room}` : ''}
      </Text>
    </div>
  );
}

function UpcomingList({ lessons }: { lessons: UpcomingLesson[] }) {
  return (
    <div>
      <Label>Upcoming lessons</Label>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lessons.map((lesson) => {
          const { date, time } = wallClock(lesson.start);
          return (
            <Group key={lesson._id} gap="xs" component="li" wrap="nowrap">
              <Text size="sm" td={lesson.cancelled ? 'line-through' : undefined} c={lesson.cancelled ? 'dimmed' : undefined}>
                {date}, {time} · {lesson.title}
              </Text>
              {lesson.cancelled && (
                <Badge size="xs" color="gray" variant="outline" style={{ flexShrink: 0 }}>
                  Cancelled
                </Badge>
              )}
            </Group>
          );
        })}
      </Stack>
    </div>
  );
}

/** A child's coming lessons on the children page: the next one, then a short list. */
export function ChildLessons({ childId }: { childId: string }) {
  const upcoming = useUpcomingLessons(childId);
  if (upcoming.isPending) return <Skeleton h={60} role="status" aria-label="Loading lessons" />;
  if (upcoming.isError) return <Text size="sm" c="red">Could not load the lessons. {errorMessage(upcoming.error)}</Text>;
  const next = upcoming.data.find((lesson) => !lesson.cancelled);
  if (!next) {
    return (
      <div>
        <Label>Next lesson</Label>
        <Text size="sm">No lessons scheduled</Text>
      </div>
    );
  }
  const rest = upcoming.data.filter((lesson) => lesson !== next);
  return (
    <Stack gap="sm">
      <NextLesson lesson={next} />
      {rest.length > 0 && <UpcomingList lessons={rest} />}
    </Stack>
  );
}

/** The child's lesson reminder emails, which a parent may switch on or off. */
export function ChildReminderSwitch({ childId, name }: { childId: string; name: string }) {
  const { setting, save } = useChildReminders(childId);
  // What was clicked, until the server answers: a controlled switch set only from the mutation's
  // state would be put back by React for a moment after the click, which reads as "nothing happened".
  const [clicked, setClicked] = useState<boolean | null>(null);
  if (setting.isPending) return <Skeleton h={20} w={160} />;
  if (setting.isError) return null;
  return (
    <Switch
      label="Email reminders"
      aria-label={`Email reminders for ${name}`}
      description="Before each lesson"
      checked={clicked ?? setting.data.notificationsOn}
      disabled={save.isPending}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        setClicked(on);
        save.mutate(on, {
          onSuccess: (result) => notifySuccess(result.message || SCHEDULING_MESSAGES.notificationSaved),
          onError: (error) => notifyError(errorMessage(error)),
          onSettled: () => setClicked(null),
        });
      }}
    />
  );
}
