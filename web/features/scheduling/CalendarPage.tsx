import type { DateSelectArg, DatesSetArg, EventClickArg } from '@fullcalendar/core';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { DayCellContentArg, DayHeaderContentArg } from '@fullcalendar/core';
import { Badge, Button, Card, Collapse, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarPlus, IconClockPlus, IconFilter, IconSettings, IconTicket, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DEFAULT_SCHOOL_HOURS } from '../../../shared/contracts/scheduling';
import { lessonFocusOf } from '../../../shared/lesson-links';
import { memberReach } from '../../../shared/member-policy';
import { routesFor } from '../../../shared/routes';
import { AppModal } from '../../components/AppModal';
import { ImportCsvModal } from '../../components/ImportCsvModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { useRequiredSession } from '../../lib/useSession';
import { useEvents, type CalendarFilters as Filters, type CalendarRange } from './calendarApi';
import { CalendarFilters } from './CalendarFilters';
import { CalendarToolbar } from './CalendarToolbar';
import { calendarPageFor, calendarPagesOf } from './calendarViews';
import { renderEventContent } from './EventContent';
import { CalendarLegend, ClosureNotes } from './CalendarLegend';
import { minutesBetween, toClosureInput, toEventInput, wallClock } from './eventInput';
import { LessonList } from './LessonList';
import { closedDays, teacherLegend } from './teacherColours';
import { useListWindow } from './useListWindow';
import { LessonDrawer } from './LessonDrawer';
import { LessonForm, type LessonStart } from './LessonForm';
import { nextFreeStart } from './nextFreeStart';
import { visibleHours } from './schoolHours';
import { MakeupBookingForm } from './MakeupBookingForm';
import { MakeupSlotsTab } from './MakeupSlotsTab';
import { MoveScopeModal } from './MoveScopeModal';
import { isOffice, teachesOwnOnly } from './schedulingRoles';
import { useLessonMove } from './useLessonMove';
import { hourBefore, scrollToHour } from './gridScroll';
import classes from './calendar.module.css';
import { todayIn } from '../../../shared/school-clock';

const PLUGINS = [timeGridPlugin, dayGridPlugin, interactionPlugin, luxonPlugin];
/** "7:00 AM - 7:30 AM": a 7 am and a 7 pm lesson must not read alike. */
const EVENT_TIME = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;
/** The last school zone seen: the next calendar opens in it rather than the browser's. */
let knownTimeZone = 'local';

/** FullCalendar's window as the call wants it: ISO with an offset. */
function rangeOf(arg: DatesSetArg): CalendarRange {
  const iso = (str: string, date: Date) => (str.length > 10 ? str : date.toISOString());
  return { start: iso(arg.startStr, arg.start), end: iso(arg.endStr, arg.end) };
}

/** A phone (Mantine's sm breakpoint, 768 px): a day view or a list of cards. */
const PHONE = '(max-width: 48em)';

/**
 * The weekly, daily and monthly calendars (one page, the view chosen by the route). Staff see
 * the school with filters and create lessons; a teacher sees their own, a student and a parent
 * theirs. Times are the school's wall clock whatever the browser's zone.
 */
export default function CalendarPage() {
  const { user } = useRequiredSession();
  const { pathname } = useLocation();
  // ?date=YYYY-MM-DD opens the calendar on that day (the view links carry it, so Week -> Day keeps the week);
  // &lesson=… opens that lesson too (an email's or the bell's link, decision 082).
  const [params] = useSearchParams();
  const [focus] = useState(() => lessonFocusOf(params));
  const initialDate = focus.date;
  const [shownDate, setShownDate] = useState<string | null>(initialDate ?? null);
  const page = calendarPageFor(pathname);
  const pages = useMemo(() => calendarPagesOf(routesFor(user.role)), [user.role]);
  const calendar = useRef<FullCalendar>(null);
  const hoursArea = useRef<HTMLDivElement>(null);
  const [gridRange, setRange] = useState<CalendarRange | null>(null);
  const [zone, setZone] = useState(knownTimeZone);
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // On a phone the week and the month are lists of cards; the day stays a day.
  const listUnit = phone && page.view !== 'timeGridDay' ? (page.view === 'dayGridMonth' ? 'month' : 'week') : null;
  const list = useListWindow(listUnit ?? 'week', zone, initialDate);
  const range = listUnit ? list.range : gridRange;
  const [title, setTitle] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [creating, setCreating] = useState<LessonStart | null>(null);
  const [bookingMakeup, setBookingMakeup] = useState(false);
  const [publishingSlots, setPublishingSlots] = useState(false);
  const [importing, setImporting] = useState(false);
  const [openLesson, setOpenLesson] = useState<string | null>(focus.lessonId ?? null);
  const events = useEvents(range, filters);
  const mover = useLessonMove({ mayOverrideRoom: isOffice(user) });

  useEffect(() => {
    if (!events.data || events.data.timeZone === zone) return;
    knownTimeZone = events.data.timeZone;
    setZone(events.data.timeZone);
  }, [events.data, zone]);
  const timeZone = events.data?.timeZone ?? zone;
  const canCreate = events.data?.canCreate ?? false;
  const defaultMinutes = events.data?.defaultLessonMinutes ?? 30;
  // Until the first answer (which carries them) the grid shows a new school's hours.
  const schoolHours = events.data?.schoolHours ?? DEFAULT_SCHOOL_HOURS;
  const shownHours = useMemo(() => visibleHours(events.data?.results ?? [], schoolHours), [events.data, schoolHours]);
  const nextStart = (day: string | null) => nextFreeStart(events.data?.results ?? [], timeZone, day, defaultMinutes, schoolHours);
  const inputs = useMemo(() => [...(events.data?.results ?? []).map(toEventInput), ...(events.data?.closures ?? []).map(toClosureInput)], [events.data]);
  const closed = useMemo(() => closedDays(events.data?.closures ?? []), [events.data]);
  const legend = useMemo(() => teacherLegend(events.data?.results ?? []), [events.data]);
  const empty = events.isSuccess && !events.isPlaceholderData && events.data.results.length === 0;
  const filterCount = Object.values(filters).filter(Boolean).length;
  const api = () => calendar.current?.getApi();
  const routeTitle = routesFor(user.role).find((r) => r.path === page.path)?.title ?? 'My Schedule';
  const hasSetup = routesFor(user.role).some((r) => r.path === '/schedulings');
  // Weekly lessons come in from a CSV file for those who may import students (decision 099).
  const mayImport = hasSetup && memberReach({ id: user._id, role: user.role, adminId: user.adminId, addrole: user.addrole }, 'import', 'student') !== null;

  // The first answer names the school's zone: "today" is the school's today, not the browser's.
  const zoneSettled = useRef(knownTimeZone !== 'local' || initialDate !== undefined);
  useEffect(() => {
    if (zoneSettled.current || timeZone === 'local') return;
    zoneSettled.current = true;
    const today = todayIn(timeZone);
    if (today) calendar.current?.getApi().gotoDate(today);
  }, [timeZone]);

  // A new day or week opens at its first lesson, or at opening time when it has none (a
  // once-a-window scroll, not on every refresh).
  const hoursScroll = !listUnit && page.view !== 'dayGridMonth';
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const results = events.data?.results;
    if (!hoursScroll || !results || events.isPlaceholderData || !range) return;
    const first = hourBefore(results.map((e) => e.start));
    // Again when an earlier lesson appears (one just added), never for a refresh alone.
    const key = `${page.view}|${range.start}|${first}|${filters.teacherId}|${filters.roomId}|${filters.studentId}|${filters.classGroupId}`;
    if (scrolledFor.current === key) return;
    scrolledFor.current = key;
    scrollToHour(hoursArea.current, first ?? shownHours.scrollTime);
  }, [events.data, events.isPlaceholderData, page.view, range, filters, hoursScroll, shownHours.scrollTime]);

  const onDatesSet = (arg: DatesSetArg) => {
    setTitle(arg.view.title);
    setShownDate(arg.view.calendar.formatIso(arg.view.currentStart).slice(0, 10));
    const next = rangeOf(arg);
    setRange((prev) => (prev && prev.start === next.start && prev.end === next.end ? prev : next));
  };

  const onSelect = (arg: DateSelectArg) => {
    api()?.unselect();
    const { date, startTime } = wallClock(arg.startStr);
    setCreating(arg.allDay ? nextStart(date) : { date, startTime, durationMinutes: minutesBetween(arg.start, arg.end) });
  };

  // A closed day says so under its date (the week's and the day's headers, the month's cells).
  const closedLabel = (date: Date, view: DayHeaderContentArg['view']) => {
    // formatIso keeps the time whatever its second argument says: the day is the first ten characters.
    const name = closed.get(view.calendar.formatIso(date).slice(0, 10));
    return name ? <span className={classes.closedLabel}>Closed: {name}</span> : null;
  };
  const dayHeader = (arg: DayHeaderContentArg) => (
    <>
      {arg.text}
      {page.view !== 'dayGridMonth' && closedLabel(arg.date, arg.view)}
    </>
  );
  const dayCell = (arg: DayCellContentArg) => (
    <span>
      {arg.dayNumberText}
      {closedLabel(arg.date, arg.view)}
    </span>
  );

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    setOpenLesson(arg.event.id);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={routeTitle}
        subtitle={timeZone !== 'local' ? `Times are in the school's time zone (${timeZone}).` : undefined}
        actions={
          canCreate && (
            <Group gap="sm" wrap="wrap">
              {/* The set-up page has no menu entry of its own (the menus are docs/domains/roles-and-navigation.md's): the calendar leads to it. */}
              {hasSetup && (
                <Button component={Link} to="/schedulings" variant="subtle" leftSection={<IconSettings size={16} />}>
                  Schedule settings
                </Button>
              )}
              {mayImport && (
                <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
                  Import lessons
                </Button>
              )}
              {/* A teacher has no set-up page: their own make-up slots open from the calendar (decision 028). */}
              {!hasSetup && teachesOwnOnly(user) && (
                <Button variant="default" leftSection={<IconClockPlus size={16} />} onClick={() => setPublishingSlots(true)}>
                  Make-up slots
                </Button>
              )}
              <Button variant="default" leftSection={<IconTicket size={16} />} onClick={() => setBookingMakeup(true)}>
                Book make-up
              </Button>
              <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setCreating(nextStart(listUnit ? list.date : shownDate))}>
                Add Lesson
              </Button>
            </Group>
          )
        }
      />
      {canCreate && phone && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconFilter size={16} />}
            rightSection={filterCount > 0 ? <Badge size="sm" circle>{filterCount}</Badge> : undefined}
            onClick={() => setFiltersOpen((o) => !o)}
            aria-expanded={filtersOpen}
            aria-controls="calendar-filters"
          >
            Filters
          </Button>
        </Group>
      )}
      {canCreate && (
        <Collapse expanded={!phone || filtersOpen} id="calendar-filters">
          <CalendarFilters value={filters} onChange={setFilters} showTeacher={!teachesOwnOnly(user)} />
        </Collapse>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <CalendarToolbar
            title={listUnit ? list.title : title}
            pages={pages}
            date={listUnit ? list.date : shownDate}
            current={page}
            compact={phone}
            onPrev={() => (listUnit ? list.prev() : api()?.prev())}
            onNext={() => (listUnit ? list.next() : api()?.next())}
            onToday={() => (listUnit ? list.today() : api()?.today())}
          />
          <CalendarLegend teachers={legend} hasClosures={closed.size > 0} />
          {!listUnit && <ClosureNotes closures={events.data?.closures ?? []} />}
          {events.isError && <QueryError error={events.error} onRetry={() => void events.refetch()} title="Could not load the lessons" />}
          {empty && (
            <Text size="sm" c="dimmed" role="status">
              {page.empty}
              {canCreate ? '. Select a time on the calendar or use Add Lesson.' : '.'}
            </Text>
          )}
          <div className={classes.calendarWrap} data-list={listUnit ? true : undefined}>
            <LoadingOverlay visible={events.isFetching} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Loading lessons' }} />
            {listUnit ? (
              <LessonList days={list.days} events={events.data?.results ?? []} closed={closed} onOpen={setOpenLesson} />
            ) : (
            // The day and the week scroll their hours here, a region the keyboard can reach (gridScroll.ts).
            <div
              ref={hoursArea}
              className={hoursScroll ? classes.hoursArea : undefined}
              {...(hoursScroll ? { tabIndex: 0, role: 'region', 'aria-label': 'Calendar hours' } : {})}
            >
            <FullCalendar
              key={page.view}
              ref={calendar}
              plugins={PLUGINS}
              initialView={page.view}
              initialDate={initialDate}
              headerToolbar={false}
              timeZone={timeZone}
              events={inputs}
              eventContent={renderEventContent}
              eventClick={onEventClick}
              eventInteractive
              editable={false}
              selectable={canCreate}
              selectMirror
              select={onSelect}
              eventDrop={mover.onDrop}
              eventResize={mover.onResize}
              datesSet={onDatesSet}
              nowIndicator
              eventTimeFormat={EVENT_TIME}
              allDaySlot={false}
              slotMinTime={shownHours.slotMinTime}
              slotMaxTime={shownHours.slotMaxTime}
              height="auto"
              stickyHeaderDates
              dayMaxEvents={page.view === 'dayGridMonth' ? 4 : undefined}
              // FullCalendar's "+N more" is an <a> without href carrying aria-expanded: a button to
              // assistive technology (axe: aria-allowed-attr on a busy day of the month).
              moreLinkDidMount={(arg) => arg.el.setAttribute('role', 'button')}
              slotDuration="00:30:00"
              slotLabelInterval="01:00"
              dayHeaderContent={dayHeader}
              dayCellContent={page.view === 'dayGridMonth' ? dayCell : undefined}
            />
            </div>
            )}
          </div>
        </Stack>
      </Card>

      <AppModal opened={creating !== null} onClose={() => setCreating(null)} title="Add Lesson" size="lg">
        {creating && <LessonForm mode="add" start={creating} onDone={() => setCreating(null)} onCancel={() => setCreating(null)} />}
      </AppModal>
      <AppModal opened={publishingSlots} onClose={() => setPublishingSlots(false)} title="My make-up slots" size="xl" fullScreen={phone}>
        {publishingSlots && <MakeupSlotsTab teacherId={user._id} />}
      </AppModal>
      {mayImport && <ImportCsvModal kind="lessons" opened={importing} onClose={() => setImporting(false)} />}
      <AppModal opened={bookingMakeup} onClose={() => setBookingMakeup(false)} title="Book make-up lesson" size="lg">
        {bookingMakeup && <MakeupBookingForm start={nextStart(listUnit ? list.date : shownDate)} onDone={() => setBookingMakeup(false)} onCancel={() => setBookingMakeup(false)} />}
      </AppModal>
      <LessonDrawer lessonId={openLesson} onClose={() => setOpenLesson(null)} canBookMakeup={canCreate} />
      <MoveScopeModal opened={mover.asking} pending={mover.pending} fromTo={mover.fromTo} onChoose={mover.choose} onCancel={mover.cancel} />
      <ConfirmModal
        opened={mover.roomClash !== null}
        onClose={mover.keepPlace}
        title="Room already booked"
        onConfirm={mover.moveAnyway}
        loading={mover.pending}
        confirmLabel="Move anyway"
        cancelLabel="Put it back"
        danger={false}
      >
        {mover.roomClash ?? ''}
      </ConfirmModal>
    </Stack>
  );
}
