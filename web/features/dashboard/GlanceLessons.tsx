import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { GlanceLesson } from '../../../shared/contracts/dashboard';
import { dayOf, timeOf } from './glanceFormat';

type Props = {
  lessons: GlanceLesson[];
  timeZone: string;
  /** Show the day before the time (lessons of other days). */
  withDay?: boolean;
  /** Show the teacher's name (the office's lists). */
  withTeacher?: boolean;
  /** The lesson's actions: take attendance, open it. Absent: the list only informs. */
  onAttendance?: (id: string) => void;
  onOpen?: (id: string) => void;
};

/** Whom a lesson is for, as the caller may see it: the students or the group, else its type. */
const headline = (l: GlanceLesson) => (l.who ? `${l.who} · ${l.lessonType}` : l.lessonType);

/** Lessons as a list of rows that wrap on a phone: time, who, where, state, actions. */
export function GlanceLessons({ lessons, timeZone, withDay, withTeacher, onAttendance, onOpen }: Props) {
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {lessons.map((l) => {
        const when = `${withDay ? `${dayOf(l.start, timeZone)}, ` : ''}${timeOf(l.start, timeZone)} – ${timeOf(l.end, timeZone)}`;
        const details = [withTeacher && l.teacher ? `with ${l.teacher}` : null, l.room ? `Room: ${l.room}` : null].filter(Boolean).join(' · ');
        const mayTake = onAttendance && l.started && !l.cancelled && !l.attendanceTaken;
        return (
          <Group
            key={l._id}
            component="li"
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py={8}
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            aria-label={`${when}, ${headline(l)}`}
          >
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Text size="sm" fw={600}>
                {when}
              </Text>
              <Text size="sm" td={l.cancelled ? 'line-through' : undefined}>
                {headline(l)}
              </Text>
              {details && (
                <Text size="xs" c="dimmed">
                  {details}
                </Text>
              )}
              {l.cancelled && l.cancelReason && (
                <Text size="xs" c="dimmed">
                  Reason: {l.cancelReason}
                </Text>
              )}
            </Stack>
            <Group gap="xs" wrap="wrap">
              {l.cancelled && <Badge color="gray.8" variant="outline">Cancelled</Badge>}
              {l.isMakeup && <Badge color="grape.9" variant="outline">Make-up</Badge>}
              {l.attendanceTaken && <Badge color="teal.9" variant="outline">Attendance taken</Badge>}
              {mayTake && (
                <Button size="xs" onClick={() => onAttendance(l._id)} aria-label={`Take attendance: ${when}, ${headline(l)}`}>
                  Take attendance
                </Button>
              )}
              {onOpen && (
                <Button size="xs" variant="default" onClick={() => onOpen(l._id)} aria-label={`Open lesson: ${when}, ${headline(l)}`}>
                  Open
                </Button>
              )}
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
