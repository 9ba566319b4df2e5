import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../shared/contracts/common';
import type {
  BookMakeupInput, CancelAnswer, CancelPreview, CreditItem, EventsAnswer, LessonCancelInput, LessonDetails, LessonFormValues,
  LessonMoveValues, LessonTypeItem, LessonUpdateInput, RoomItem, Scope, TakeAttendanceInput,
} from '../../../shared/contracts/scheduling';
import { api } from '../../lib/api';

const BASE = '/scheduling';
/** Every scheduling query starts with this key, so a change anywhere refreshes the calendars. */
export const SCHEDULING_KEY = ['scheduling'] as const;

/** A calendar's window (ISO with offset) and the staff's filters. */
export type CalendarFilters = { teacherId?: string; roomId?: string; studentId?: string; classGroupId?: string };
export type CalendarRange = { start: string; end: string };

export const eventsKey = (range: CalendarRange | null, filters: CalendarFilters) => [...SCHEDULING_KEY, 'events', range, filters] as const;

export function useEvents(range: CalendarRange | null, filters: CalendarFilters) {
  return useQuery({
    queryKey: eventsKey(range, filters),
    queryFn: async ({ signal }) => (await api.post<EventsAnswer>(`${BASE}/getEvents`, { ...range, ...filters }, { signal })).data,
    enabled: range !== null,
    // The old week stays drawn (under the loading overlay) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useLesson(id: string | null) {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'lesson', id],
    queryFn: async () => (await api.post<LessonDetails>(`${BASE}/getLesson`, { id })).data,
    enabled: id !== null,
  });
}

/**
 * The pickers' lists: a school has a handful of rooms and lesson types, so one page of 100 holds
 * them. Refetched on each mount: the setup page (another cache key) may have just changed them.
 */
export function useLessonTypes() {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'lessonTypes'],
    queryFn: async () => (await api.post<ListResult<LessonTypeItem>>(`${BASE}/lessonType/list`, { page: 1, limit: 100, sortBy: 'name', orderBy: 1 })).data.results,
  });
}

export function useRooms() {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'rooms'],
    queryFn: async () => (await api.post<ListResult<RoomItem>>(`${BASE}/room/list`, { page: 1, limit: 100, sortBy: 'roomName', orderBy: 1 })).data.results,
  });
}

export function useAvailableCredits(enabled: boolean) {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'credits', 'available'],
    queryFn: async () => (await api.post<ListResult<CreditItem>>(`${BASE}/getCredits`, { status: 'available', page: 1, limit: 100, sortBy: 'expiresAt', orderBy: 1 })).data.results,
    enabled,
  });
}

/** What cancelling the lesson would give its students (the cancel dialog, before confirming). */
export function useCancelPreview(id: string) {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'cancelPreview', id],
    queryFn: async () => (await api.post<CancelPreview>(`${BASE}/previewCancel`, { id })).data,
    staleTime: 0,
  });
}

export type PickerType = 'teacher' | 'student' | 'class';
export const pickerKey = (type: PickerType) => [...SCHEDULING_KEY, 'options', type] as const;

function useSchedulingMutation<V, R>(call: (values: V) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULING_KEY }),
  });
}

export const useAddLesson = () => useSchedulingMutation((v: LessonFormValues) => api.post<unknown>(`${BASE}/addLesson`, v));
export const useUpdateLesson = () => useSchedulingMutation((v: LessonUpdateInput) => api.post<unknown>(`${BASE}/updateLesson`, v));
export const useMoveLesson = () => useSchedulingMutation((v: Partial<LessonMoveValues> & Pick<LessonMoveValues, 'id' | 'scope' | 'date' | 'startTime'>) => api.post<unknown>(`${BASE}/moveLesson`, v));
export const useCancelLesson = () => useSchedulingMutation((v: LessonCancelInput) => api.post<CancelAnswer>(`${BASE}/cancelLesson`, v));
export const useRestoreLesson = () => useSchedulingMutation((id: string) => api.post<unknown>(`${BASE}/restoreLesson`, { id }));
export const useDeleteLesson = () => useSchedulingMutation((v: { id: string; scope: Scope }) => api.post<unknown>(`${BASE}/deleteLesson`, v));
export const useTakeAttendance = () => useSchedulingMutation((v: TakeAttendanceInput) => api.post<unknown>(`${BASE}/takeAttendance`, v));
export const useBookMakeup = () => useSchedulingMutation((v: BookMakeupInput) => api.post<unknown>(`${BASE}/bookMakeup`, v));
