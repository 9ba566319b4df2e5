import { Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { TodayAtAGlance } from '../../../shared/contracts/dashboard';
import { routesFor } from '../../../shared/routes';
import type { Role } from '../../../shared/roles';
import { QueryError } from '../../components/QueryError';
import { fullName } from '../../lib/format';
import { useRequiredSession } from '../../lib/useSession';
import { MakeupCredits } from '../scheduling';
import { useToday } from './api';
import { EmptyLine, GlanceCard } from './GlanceCard';
import { GlanceLessons } from './GlanceLessons';
import { dateOf, timeOf, whenOf } from './glanceFormat';
import type { LessonAction } from './LessonActions';

// The drawers (the calendar's forms) load when first opened, not with the dashboard.
const LessonActions = lazy(() => import('./LessonActions'));
const GRID = { base: 1, md: 2 };
export const SIGNUPS_PATH = '/reporting/approvedStudent';

/** "Today, at a glance": what the signed-in person has to do or know today (issue 10). */
export function TodayGlance() {
  const today = useToday();
  const { user } = useRequiredSession();
  const [action, setAction] = useState<LessonAction | null>(null);

  if (today.isPending) {
    return (
      <SimpleGrid cols={GRID} aria-busy="true" aria-label="Loading today at a glance">
        <Skeleton h={160} radius="md" />
        <Skeleton h={160} radius="md" />
      </SimpleGrid>
    );
  }
  if (today.isError) return <QueryError title="Could not load today at a glance" error={today.error} onRetry={() => void today.refetch()} />;
  const g = today.data;
  if (g.kind === 'none' || !g.timeZone) return null;
  const open = (mode: LessonAction['mode']) => (id: string) => setAction({ id, mode });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Times are in the school&apos;s time zone ({g.timeZone}).
      </Text>
      {g.kind === 'office' && <OfficeGlance g={g} role={user.role} onAttendance={open('attendance')} onOpen={open('view')} />}
      {g.kind === 'teacher' && <TeacherGlance g={g} onAttendance={open('attendance')} onOpen={open('view')} />}
      {g.kind === 'student' && <StudentGlance g={g} />}
      {action && (
        <Suspense fallback={null}>
          <LessonActions action={action} onClose={() => setAction(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

type ListProps = { g: TodayAtAGlance; onAttendance: (id: string) => void; onOpen: (id: string) => void };

const calendarLink = (g: TodayAtAGlance, view: 'daily' | 'weekly', label: string) => ({ to: `/scheduling/${view}?date=${g.today}`, label });

function OfficeGlance({ g, role, onAttendance, onOpen }: ListProps & { role: Role }) {
  const zone = g.timeZone!;
  const hasSignups = routesFor(role).some((r) => r.path === SIGNUPS_PATH);
  return (
    <SimpleGrid cols={GRID}>
      <GlanceCard id="glance-today" title="Today's lessons" count={g.lessons.length} link={calendarLink(g, 'daily', 'Open the daily calendar')}>
        {g.lessons.length === 0 ? <EmptyLine>No lessons today.</EmptyLine> : <GlanceLessons lessons={g.lessons} timeZone={zone} withTeacher onOpen={onOpen} />}
      </GlanceCard>
      <GlanceCard id="glance-attendance" title="Attendance to take" count={g.attendanceToTake.length}>
        {g.attendanceToTake.length === 0 ? (
          <EmptyLine>Attendance is taken for every lesson so far.</EmptyLine>
        ) : (
          <GlanceLessons lessons={g.attendanceToTake} timeZone={zone} withDay withTeacher onAttendance={onAttendance} />
        )}
      </GlanceCard>
      <GlanceCard id="glance-cancellations" title="Cancellations this week" count={g.cancellations.length} link={calendarLink(g, 'weekly', 'Open the weekly calendar')}>
        {g.cancellations.length === 0 ? (
          <EmptyLine>No lessons are cancelled this week.</EmptyLine>
        ) : (
          <GlanceLessons lessons={g.cancellations} timeZone={zone} withDay withTeacher onOpen={onOpen} />
        )}
      </GlanceCard>
      {g.signups && (
        <GlanceCard
          id="glance-signups"
          title="Waiting widget signups"
          count={g.signups.count}
          link={hasSignups ? { to: SIGNUPS_PATH, label: 'Review signups' } : null}
        >
          {g.signups.count === 0 ? (
            <EmptyLine>No signups are waiting.</EmptyLine>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {g.signups.results.map((s) => (
                <Group key={s._id} component="li" justify="space-between" gap="xs">
                  <Text size="sm">{fullName(s)}</Text>
                  <Text size="xs" c="dimmed">
                    {dateOf(s.createdAt, zone)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </GlanceCard>
      )}
    </SimpleGrid>
  );
}

function TeacherGlance({ g, onAttendance, onOpen }: ListProps) {
  const zone = g.timeZone!;
  const earlier = g.attendanceToTake.filter((l) => !g.lessons.some((t) => t._id === l._id));
  return (
    <SimpleGrid cols={GRID}>
      <GlanceCard id="glance-agenda" title="Today's agenda" count={g.lessons.length} link={calendarLink(g, 'daily', 'Open the daily calendar')}>
        {g.lessons.length === 0 ? (
          <EmptyLine>No lessons today.</EmptyLine>
        ) : (
          <GlanceLessons lessons={g.lessons} timeZone={zone} onAttendance={onAttendance} onOpen={onOpen} />
        )}
      </GlanceCard>
      <GlanceCard id="glance-attendance" title="Attendance to take" count={earlier.length}>
        {earlier.length === 0 ? (
          <EmptyLine>No earlier lessons are waiting for attendance.</EmptyLine>
        ) : (
          <GlanceLessons lessons={earlier} timeZone={zone} withDay onAttendance={onAttendance} />
        )}
      </GlanceCard>
    </SimpleGrid>
  );
}

function StudentGlance({ g }: { g: TodayAtAGlance }) {
  const zone = g.timeZone!;
  const next = g.nextLesson;
  const credits = g.credits;
  return (
    <SimpleGrid cols={GRID}>
      <GlanceCard id="glance-next" title="Your next lesson" link={calendarLink(g, 'weekly', 'Open my calendar')}>
        {next ? (
          <Stack gap={4}>
            <Text fw={600}>{whenOf(next.start, next.end, zone)}</Text>
            <Text size="sm">{next.isMakeup ? `${next.lessonType} (make-up)` : next.lessonType}</Text>
            <Text size="sm">Teacher: {next.teacher ?? 'Not set'}</Text>
            <Text size="sm">Room: {next.room ?? 'No room'}</Text>
          </Stack>
        ) : (
          <EmptyLine>No upcoming lessons.</EmptyLine>
        )}
      </GlanceCard>
      <GlanceCard id="glance-credits" title="Make-up credits" count={credits?.count ?? 0}>
        {credits && credits.count > 0 && credits.nearestExpiry ? (
          <Stack gap="xs">
            <Text size="sm">
              {credits.count === 1 ? 'Your credit' : 'The first of your credits'} expires on {dateOf(credits.nearestExpiry, zone)} at{' '}
              {timeOf(credits.nearestExpiry, zone)}.
            </Text>
            <MakeupCredits buttonOnly />
          </Stack>
        ) : (
          <EmptyLine>You have no make-up credits to use.</EmptyLine>
        )}
      </GlanceCard>
    </SimpleGrid>
  );
}
