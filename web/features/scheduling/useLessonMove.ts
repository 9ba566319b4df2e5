import type { EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { useState } from 'react';
import { SCHEDULING_MESSAGES, type ScheduleEvent, type Scope } from '../../../shared/contracts/scheduling';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useMoveLesson } from './calendarApi';
import { isRoomOnlyClash } from './clash';
import { minutesBetween, wallClock } from './eventInput';

type Change = EventDropArg | EventResizeDoneArg;
type Pending = { change: Change; resized: boolean };
type RoomClash = Pending & { scope: Scope; message: string };

/**
 * Drag to move and resize: the new start is the school's wall clock (FullCalendar's startStr
 * carries the school's offset). A lesson of a series first asks which lessons move; a failure
 * puts the lesson back and says why, except a room clash, which the office may override.
 */
export function useLessonMove({ mayOverrideRoom }: { mayOverrideRoom: boolean }) {
  const move = useMoveLesson();
  const [pending, setPending] = useState<Pending | null>(null);
  const [roomClash, setRoomClash] = useState<RoomClash | null>(null);

  const send = (target: Pending, scope: Scope, allowRoomConflict = false) => {
    const { event } = target.change;
    const body = {
      id: event.id,
      scope,
      ...wallClock(event.startStr),
      ...(target.resized && event.start && event.end ? { durationMinutes: minutesBetween(event.start, event.end) } : {}),
      ...(allowRoomConflict ? { allowRoomConflict } : {}),
    };
    move.mutate(body, {
      onSuccess: (result) => {
        setPending(null);
        setRoomClash(null);
        notifySuccess(result.message || SCHEDULING_MESSAGES.lessonMoved);
      },
      onError: (error) => {
        setPending(null);
        if (mayOverrideRoom && !allowRoomConflict && isRoomOnlyClash(error)) {
          setRoomClash({ ...target, scope, message: errorMessage(error) });
          return;
        }
        setRoomClash(null);
        target.change.revert();
        notifyError(errorMessage(error), 'Could not move the lesson');
      },
    });
  };

  const onChange = (change: Change, resized: boolean) => {
    const lesson = change.event.extendedProps.lesson as ScheduleEvent | undefined;
    if (lesson?.seriesId) setPending({ change, resized });
    else send({ change, resized }, 'this');
  };

  const span = (e: Change['event']) => ({ start: e.startStr, end: e.endStr });
  return {
    asking: pending !== null,
    /** The lesson being moved: from when to when (the school's wall clock, with its offset). */
    fromTo: pending ? { from: span(pending.change.oldEvent), to: span(pending.change.event) } : null,
    pending: move.isPending,
    onDrop: (change: EventDropArg) => onChange(change, false),
    onResize: (change: EventResizeDoneArg) => onChange(change, true),
    choose: (scope: Scope) => pending && send(pending, scope),
    cancel: () => {
      pending?.change.revert();
      setPending(null);
    },
    /** The room is taken: the message, to move anyway or put the lesson back. */
    roomClash: roomClash?.message ?? null,
    moveAnyway: () => roomClash && send(roomClash, roomClash.scope, true),
    keepPlace: () => {
      roomClash?.change.revert();
      setRoomClash(null);
    },
  };
}
