import type { EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionAs, type Call } from '../../test/fakeApi';
import { IDS, scheduleEvent } from './lessonFixtures';
import { useLessonMove } from './useLessonMove';

afterEach(() => vi.unstubAllGlobals());

const isMove = (c: Call) => c.url.endsWith('/scheduling/moveLesson');

/** What FullCalendar hands over on a drop: the event at its new place (school offset) and a way back. */
function dropped(seriesId: string | null, startStr = '2026-11-25T17:30:00-05:00', endMinutes = 30) {
  const start = new Date(startStr);
  const revert = vi.fn();
  const change = {
    event: {
      id: IDS.lesson,
      startStr,
      endStr: '2026-11-25T18:00:00-05:00',
      start,
      end: new Date(start.getTime() + endMinutes * 60_000),
      extendedProps: { lesson: scheduleEvent({ seriesId }) },
    },
    oldEvent: { startStr: '2026-11-23T16:00:00-05:00', endStr: '2026-11-23T16:30:00-05:00' },
    revert,
  } as unknown as EventDropArg;
  return { change, revert };
}

function renderMove() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useLessonMove({ mayOverrideRoom: true }), { wrapper });
}

describe('dragging a lesson', () => {
  it('moves a single lesson at once, to the school\'s wall clock', async () => {
    sessionAs('admin');
    const calls = fakeServer((c) => (isMove(c) ? { data: {} } : undefined));
    const { result } = renderMove();
    act(() => result.current.onDrop(dropped(null).change));
    await waitFor(() => expect(calls.find(isMove)?.body).toEqual({ id: IDS.lesson, scope: 'this', date: '2026-11-25', startTime: '17:30' }));
    expect(result.current.asking).toBe(false);
  });

  it('asks first for a lesson of a series, and sends the chosen scope', async () => {
    sessionAs('admin');
    const calls = fakeServer((c) => (isMove(c) ? { data: {} } : undefined));
    const { result } = renderMove();
    act(() => result.current.onDrop(dropped(IDS.series).change));
    expect(result.current.asking).toBe(true);
    expect(result.current.fromTo).toEqual({
      from: { start: '2026-11-23T16:00:00-05:00', end: '2026-11-23T16:30:00-05:00' },
      to: { start: '2026-11-25T17:30:00-05:00', end: '2026-11-25T18:00:00-05:00' },
    });
    expect(calls.some(isMove)).toBe(false);
    act(() => result.current.choose('following'));
    await waitFor(() => expect(calls.find(isMove)?.body).toMatchObject({ scope: 'following', date: '2026-11-25', startTime: '17:30' }));
    await waitFor(() => expect(result.current.asking).toBe(false));
  });

  it('puts the lesson back when the move is called off', () => {
    sessionAs('admin');
    const calls = fakeServer(() => undefined);
    const { result } = renderMove();
    const { change, revert } = dropped(IDS.series);
    act(() => result.current.onDrop(change));
    act(() => result.current.cancel());
    expect(revert).toHaveBeenCalled();
    expect(calls.some(isMove)).toBe(false);
  });

  it('sends the new length of a resized lesson', async () => {
    sessionAs('admin');
    const calls = fakeServer((c) => (isMove(c) ? { data: {} } : undefined));
    const { result } = renderMove();
    act(() => result.current.onResize(dropped(null, '2026-11-25T16:00:00-05:00', 45).change as unknown as EventResizeDoneArg));
    await waitFor(() => expect(calls.find(isMove)?.body).toEqual({ id: IDS.lesson, scope: 'this', date: '2026-11-25', startTime: '16:00', durationMinutes: 45 }));
  });

  it('puts the lesson back when the server refuses', async () => {
    sessionAs('admin');
    fakeServer((c) => (isMove(c) ? { status: 409, message: 'Sofia Marin already teaches then' } : undefined));
    const { result } = renderMove();
    const { change, revert } = dropped(null);
    act(() => result.current.onDrop(change));
    await waitFor(() => expect(revert).toHaveBeenCalled());
  });

  it('lets the office move into a booked room anyway, or put the lesson back', async () => {
    sessionAs('admin');
    const message = 'Studio A is already booked on Wed, Nov 25 at 5:30 PM';
    const calls = fakeServer((c) => (isMove(c) ? (c.body?.allowRoomConflict ? { data: {} } : { status: 409, message, errors: { roomId: message } }) : undefined));
    const { result } = renderMove();
    const { change, revert } = dropped(null);
    act(() => result.current.onDrop(change));
    await waitFor(() => expect(result.current.roomClash).toBe(message));
    expect(revert).not.toHaveBeenCalled();
    act(() => result.current.moveAnyway());
    await waitFor(() => expect(calls.filter(isMove).at(-1)?.body).toMatchObject({ allowRoomConflict: true, startTime: '17:30' }));
    await waitFor(() => expect(result.current.roomClash).toBeNull());
    expect(revert).not.toHaveBeenCalled();

    const second = dropped(null);
    act(() => result.current.onDrop(second.change));
    await waitFor(() => expect(result.current.roomClash).toBe(message));
    act(() => result.current.keepPlace());
    expect(second.revert).toHaveBeenCalled();
  });
});
