import type { EventClickArg } from '@fullcalendar/core';
import FullCalendar from '@fullcalendar/react';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Card, Group, LoadingOverlay, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMoodKid } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_SCHOOL_HOURS, type ScheduleEvent } from '../../../shared/contracts/scheduling';
import { lessonFocusOf } from '../../../shared/lesson-links';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { CalendarLegend, ClosureNotes } from './CalendarLegend';
import { CalendarToolbar } from './CalendarToolbar';
import { calendarPageFor } from './calendarViews';
import { renderEventContent } from './EventContent';
import { toClosureInput, toEventInput } from './eventInput';
import { useFamilyChildren, useFamilyEvents, whoseLesson, type FamilyChild, type FamilyLesson } from './familyEvents';
import { LessonDrawer } from './LessonDrawer';
import { LessonList } from './LessonList';
import { visibleHours } from './schoolHours';
import { closedDays } from './teacherColours';
import { useListWindow } from './useListWindow';
import { MakeupCredits } from './widgets/MakeupCredits';
import classes from './calendar.module.css';

const PLUGINS = [timeGridPlugin, luxonPlugin];
const EVENT_TIME = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;
/** A phone (Mantine's sm breakpoint): the list is where the calendar opens. */
const PHONE = '(max-width: 48em)';
const WEEK = calendarPageFor('/scheduling/weekly');
type View = 'week' | 'list';

/**
 * A parent's calendar of their children's lessons (decision 082): the week as a grid or as a list,
 * each child in a colour of their own and named on each lesson; a lesson opens in the drawer where
 * the family cancels it within the school's rules, and each child's make-up credits book into open
 * slots. An email's link opens it on a lesson's day with that lesson shown (?date=…&lesson=…).
 */
export default function FamilyCalendarPage() {
  const children = useFamilyChildren();
  return (
    <Stack gap="lg">
      <PageHeader title="Children's Calendar" subtitle="Your children's lessons: cancel one ahead of time, and book a make-up with its credit." />
      {children.isPending && <Skeleton h={320} radius="md" role="status" aria-label="Loading your children" />}
      {children.isError && <QueryError error={children.error} onRetry={() => void children.refetch()} title="Could not load your children" />}
      {children.isSuccess && children.data.length === 0 && (
        <EmptyCard icon={<IconMoodKid size={28} />} title="No children linked yet" description="When your school links a student to your account, their lessons appear here." />
      )}
      {children.isSuccess && children.data.length > 0 && <FamilyCalendar family={children.data} />}
    </Stack>
  );
}

function FamilyCalendar({ family }: { family: FamilyChild[] }) {
  const [params] = useSearchParams();
  const [focus] = useState(() => lessonFocusOf(params));
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [view, setView] = useState<View>(phone ? 'list' : 'week');
  const [zone, setZone] = useState('local');
  const win = useListWindow('week', zone, focus.date);
  const events = useFamilyEvents(win.range, family);
  const [openLesson, setOpenLesson] = useState<string | null>(focus.lessonId ?? null);

  const answer = events.first;
  useEffect(() => {
    if (answer && answer.timeZone !== zone) setZone(answer.timeZone);
  }, [answer, zone]);
  const timeZone = answer?.timeZone ?? zone;
  const lessons = events.lessons;
  const byId = useMemo(() => new Map(lessons.map((l) => [l.event._id, l])), [lessons]);
  const closures = useMemo(() => answer?.closures ?? [], [answer]);
  const closed = useMemo(() => closedDays(closures), [closures]);
  const shownHours = useMemo(() => visibleHours(lessons.map((l) => l.event), answer?.schoolHours ?? DEFAULT_SCHOOL_HOURS), [lessons, answer]);
  const inputs = useMemo(() => [...lessons.map(toFamilyInput), ...closures.map(toClosureInput)], [lessons, closures]);
  const legend = family.map((c) => ({ teacherId: c.id, name: c.name, colour: c.colour }));
  const accentOf = (e: ScheduleEvent) => {
    const lesson = byId.get(e._id);
    return lesson && { who: whoseLesson(lesson), colour: lesson.children[0]!.colour };
  };
  const empty = events.isSuccess && !events.isPlaceholderData && lessons.length === 0;
  const open = openLesson ? byId.get(openLesson) : undefined;

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    setOpenLesson(arg.event.id);
  };

  return (
    <>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <CalendarToolbar title={win.title} pages={[]} date={win.date} current={WEEK} compact={phone} onPrev={win.prev} onNext={win.next} onToday={win.today} />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <CalendarLegend teachers={legend} hasClosures={closed.size > 0} />
            <SegmentedControl
              aria-label="View"
              value={view}
              onChange={(v) => setView(v as View)}
              data={[{ value: 'week', label: 'Week' }, { value: 'list', label: 'List' }]}
            />
          </Group>
          {timeZone !== 'local' && (
            <Text size="sm" c="dimmed">
              Times are in the school&apos;s time zone ({timeZone}).
            </Text>
          )}
          {view === 'week' && <ClosureNotes closures={closures} />}
          {events.error && <QueryError error={events.error} onRetry={() => void events.refetch()} title="Could not load the lessons" />}
          {empty && (
            <Text size="sm" c="dimmed" role="status">
              No lessons this week.
            </Text>
          )}
          <div className={classes.calendarWrap} data-list={view === 'list' ? true : undefined}>
            <LoadingOverlay visible={events.isFetching} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Loading lessons' }} />
            {view === 'list' ? (
              <LessonList days={win.days} events={lessons.map((l) => l.event)} closed={closed} onOpen={setOpenLesson} accentOf={accentOf} />
            ) : (
              <FullCalendar
                key={`${win.first}|${timeZone}`}
                plugins={PLUGINS}
                initialView="timeGridWeek"
                initialDate={win.first}
                headerToolbar={false}
                timeZone={timeZone}
                events={inputs}
                eventContent={renderEventContent}
                eventClick={onEventClick}
                eventInteractive
                editable={false}
                nowIndicator
                eventTimeFormat={EVENT_TIME}
                allDaySlot={false}
                slotMinTime={shownHours.slotMinTime}
                slotMaxTime={shownHours.slotMaxTime}
                height="auto"
                slotDuration="00:30:00"
                slotLabelInterval="01:00"
                dayHeaderFormat={phone ? { weekday: 'narrow', day: 'numeric' } : { weekday: 'short', month: 'numeric', day: 'numeric' }}
              />
            )}
          </div>
        </Stack>
      </Card>
      <FamilyCredits family={family} />
      <LessonDrawer lessonId={openLesson} onClose={() => setOpenLesson(null)} canBookMakeup={false} forWhom={open ? open.children.map((c) => c.name).join(' and ') : null} />
    </>
  );
}

/** The lesson as the grid draws it: the (first) child's colour, and whose it is before its type. */
function toFamilyInput(lesson: FamilyLesson) {
  const input = toEventInput(lesson.event);
  const cancelled = lesson.event.assignedId.cancelLesson;
  const colour = lesson.children[0]!.colour;
  return {
    ...input,
    editable: false,
    backgroundColor: cancelled ? input.backgroundColor : colour,
    borderColor: cancelled ? input.borderColor : colour,
    extendedProps: { ...input.extendedProps, who: whoseLesson(lesson) },
  };
}

/** Each child's make-up credits, with "Book a make-up" into their teachers' open slots (decision 028). */
function FamilyCredits({ family }: { family: FamilyChild[] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Make-ups
        </Title>
        <SimpleGrid cols={{ base: 1, sm: Math.min(family.length, 3) }}>
          {family.map((child) => (
            <Stack key={child.id} gap={6} aria-label={`${child.name}'s make-ups`} role="group">
              <Group gap={6} wrap="nowrap">
                <span className={classes.swatch} style={{ background: child.colour }} aria-hidden />
                <Text fw={600}>{child.name}</Text>
              </Group>
              <MakeupCredits studentId={child.id} name={child.name} />
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
