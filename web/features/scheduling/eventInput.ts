import type { EventInput } from '@fullcalendar/core';
import type { CalendarClosure, ScheduleEvent } from '../../../shared/contracts/scheduling';
import { fullName } from '../../lib/format';
import { nextDay, teacherColour } from './teacherColours';

/** Who the lesson is with, as far as the detail rule lets the answer say. */
export function lessonWho(event: Pick<ScheduleEvent, 'assignedId' | 'studentAttendance' | 'detail'>): string | null {
  if (!event.detail) return null;
  if (event.assignedId.class_groupId) return event.assignedId.class_groupId.name;
  const names = event.studentAttendance.map((a) => fullName(a.studId));
  return names.length > 0 ? names.join(', ') : null;
}

/** One answer's event as FullCalendar draws it; the whole event rides along for the renderer. */
export function toEventInput(event: ScheduleEvent): EventInput {
  const cancelled = event.assignedId.cancelLesson;
  return {
    id: event._id,
    title: event.detail ? event.title : event.lesson_type.name,
    start: event.start,
    end: event.end,
    // A cancelled lesson stays where it was: restore it first.
    editable: event.canEdit && !cancelled,
    classNames: ['cadenza-lesson', ...(cancelled ? ['cadenza-lesson-cancelled'] : []), ...(event.isMakeup ? ['cadenza-lesson-makeup'] : [])],
    // The teacher's colour (dark enough for white 12px text); a cancelled lesson greys out.
    backgroundColor: cancelled ? 'var(--mantine-color-gray-2)' : teacherColour(event.teacherId),
    borderColor: cancelled ? 'var(--mantine-color-gray-5)' : teacherColour(event.teacherId),
    textColor: cancelled ? 'var(--mantine-color-gray-7)' : 'var(--mantine-color-white)',
    extendedProps: { lesson: event },
  };
}

/** A closure as a shaded stretch of the calendar, from the first day's midnight to the day after the last. */
export function toClosureInput(closure: CalendarClosure): EventInput {
  return {
    id: `closure-${closure._id}`,
    title: `Closed: ${closure.name}`,
    start: `${closure.startsOn}T00:00:00`,
    end: `${nextDay(closure.endsOn)}T00:00:00`,
    display: 'background',
    classNames: ['cadenza-closure'],
    backgroundColor: 'var(--mantine-color-orange-1)',
  };
}

/** The school-zone wall clock of a FullCalendar date string ('2026-03-09T16:00:00-04:00'). */
export function wallClock(startStr: string): { date: string; startTime: string } {
  return { date: startStr.slice(0, 10), startTime: startStr.length > 10 ? startStr.slice(11, 16) : '' };
}

export function minutesBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 60_000);
}
