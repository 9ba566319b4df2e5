import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { DateTime } from 'luxon';
import type { ScheduleEvent } from '../../../shared/contracts/scheduling';
import { lessonLabel } from './EventContent';
import { teacherColour } from './teacherColours';
import classes from './calendar.module.css';

type Props = {
  days: readonly string[];
  events: readonly ScheduleEvent[];
  /** Closed days of the window ('YYYY-MM-DD' → the closure's name). */
  closed: ReadonlyMap<string, string>;
  onOpen: (lessonId: string) => void;
  /** Whose lesson and its colour, where the caller tells the lessons apart (a parent's children); the teacher's colour otherwise. */
  accentOf?: (lesson: ScheduleEvent) => { who: string; colour: string } | undefined;
};

const time = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toFormat('h:mm a');

/** A phone's calendar: the window's days that have lessons or a closure, each lesson a card that opens its drawer. */
export function LessonList({ days, events, closed, onOpen, accentOf }: Props) {
  const byDay = new Map<string, ScheduleEvent[]>();
  for (const e of events) byDay.set(e.start.slice(0, 10), [...(byDay.get(e.start.slice(0, 10)) ?? []), e]);
  const shown = days.filter((d) => byDay.has(d) || closed.has(d));
  if (shown.length === 0) return null;
  return (
    <Stack gap="md" data-testid="lesson-list">
      {shown.map((day) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <Group gap="xs" mb={6} wrap="wrap">
            <Title order={3} size="h5" id={`day-${day}`}>
              {DateTime.fromISO(day).toFormat('cccc, LLL d')}
            </Title>
            {closed.has(day) && (
              <Badge color="orange" c="dark.7" variant="light" radius="sm" tt="none">
                Closed: {closed.get(day)}
              </Badge>
            )}
          </Group>
          <Stack gap="xs">
            {(byDay.get(day) ?? []).map((e) => (
              <LessonCard key={e._id} lesson={e} onOpen={onOpen} accent={accentOf?.(e)} />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

type CardProps = { lesson: ScheduleEvent; onOpen: (id: string) => void; accent?: { who: string; colour: string } };

function LessonCard({ lesson, onOpen, accent }: CardProps) {
  const { who, type, status, reason } = lessonLabel(lesson, accent?.who);
  const cancelled = lesson.assignedId.cancelLesson;
  const colour = accent?.colour ?? teacherColour(lesson.teacherId);
  return (
    <Card
      component="button"
      type="button"
      withBorder
      radius="md"
      padding="sm"
      onClick={() => onOpen(lesson._id)}
      style={{ borderLeft: `6px solid ${cancelled ? 'var(--mantine-color-gray-5)' : colour}`, textAlign: 'left', width: '100%', cursor: 'pointer' }}
      data-cancelled={cancelled || undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text fw={600} size="sm">
          {time(lesson.start)} – {time(lesson.end)}
        </Text>
        {lesson.attendanceTaken && (
          <Group gap={4} wrap="nowrap">
            <IconCircleCheck size={16} aria-hidden />
            <Text size="xs">Attendance taken</Text>
          </Group>
        )}
      </Group>
      {who && (
        <Text fw={700} td={cancelled ? 'line-through' : undefined} className={classes.wrapText}>
          {who}
        </Text>
      )}
      <Text size="sm" td={cancelled && !who ? 'line-through' : undefined}>
        {type}
      </Text>
      {status && (
        <Text size="sm" fw={600} c="red.9">
          {status}
        </Text>
      )}
      {reason && <Text size="sm">Reason: {reason}</Text>}
      {(lesson.room || lesson.teacher) && (
        <Text size="sm" c="dimmed">
          {[lesson.teacher ? `${lesson.teacher.first_name} ${lesson.teacher.last_name}` : null, lesson.room?.roomName].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Card>
  );
}
