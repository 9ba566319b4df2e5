import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { MEMBER_ROUTES, type Child } from '../../../shared/contracts/members';
import { SCHEDULING_ROUTES as R, type EventsAnswer, type ScheduleEvent } from '../../../shared/contracts/scheduling';
import { callApi } from '../../lib/callApi';
import { eventsKey, SCHEDULING_KEY, type CalendarRange } from './calendarApi';

/**
 * One colour per child, in the order the school lists them; dark enough for white 12 px text
 * (WCAG AA 4.5:1) and apart from each other at a glance (decision 082).
 */
export const CHILD_COLOURS = ['indigo-9', 'red-9', 'teal-9', 'grape-8', 'cyan-9', 'pink-9'] as const;

export type FamilyChild = { id: string; name: string; firstName: string; colour: string };

/** A lesson of the family's: the answer's event, and which of the children it is for. */
export type FamilyLesson = { event: ScheduleEvent; children: FamilyChild[] };

export function childrenWithColours(children: readonly Pick<Child, '_id' | 'first_name' | 'last_name'>[]): FamilyChild[] {
  return children.map((c, i) => ({
    id: c._id,
    name: `${c.first_name} ${c.last_name}`.trim(),
    firstName: c.first_name,
    colour: `var(--mantine-color-${CHILD_COLOURS[i % CHILD_COLOURS.length]})`,
  }));
}

/** The parent's children (the same call as the Children page), each with their colour. */
export function useFamilyChildren() {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'family', 'children'],
    queryFn: async () => childrenWithColours((await callApi(MEMBER_ROUTES.children)).data.results),
  });
}

/**
 * The children's lessons in a window: one calendar call a child (the server answers only for a
 * parent's own child, 404 otherwise), merged so that a lesson two children share shows once,
 * named for both.
 */
export function mergeFamilyLessons(children: readonly FamilyChild[], answers: readonly (EventsAnswer | undefined)[]): FamilyLesson[] {
  const byId = new Map<string, FamilyLesson>();
  children.forEach((child, i) => {
    for (const event of answers[i]?.results ?? []) {
      const known = byId.get(event._id);
      if (known) known.children.push(child);
      else byId.set(event._id, { event, children: [child] });
    }
  });
  return [...byId.values()].sort((a, b) => a.event.start.localeCompare(b.event.start) || a.event._id.localeCompare(b.event._id));
}

export function useFamilyEvents(range: CalendarRange | null, children: readonly FamilyChild[]) {
  return useQueries({
    queries: children.map((child) => ({
      // Under the calendar's key: a cancel or a booking anywhere refreshes it.
      queryKey: eventsKey(range, { studentId: child.id }),
      queryFn: async ({ signal }: { signal: AbortSignal }) => (await callApi(R.getEvents, { body: { ...range!, studentId: child.id }, signal })).data,
      enabled: range !== null,
      placeholderData: keepPreviousData,
    })),
    combine: (results) => ({
      lessons: mergeFamilyLessons(children, results.map((r) => r.data)),
      first: results.find((r) => r.data)?.data,
      isFetching: results.some((r) => r.isFetching),
      isSuccess: results.every((r) => r.isSuccess),
      isPlaceholderData: results.some((r) => r.isPlaceholderData),
      error: results.find((r) => r.error)?.error ?? null,
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}

/** "Lily", "Lily and Owen": whose lesson, by first name (the legend names them in full). */
export const whoseLesson = (lesson: FamilyLesson) => lesson.children.map((c) => c.firstName).join(' and ');
