import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SCHEDULING_ROUTES as R, type BookMakeupInput, type LessonCancelInput, type LessonFormValues, type LessonMoveValues, type LessonUpdateInput,
  type Scope, type TakeAttendanceInput,
} from '../../../shared/contracts/scheduling';
import { callApi } from '../../lib/callApi';

/** Every scheduling query starts with this key, so a change anywhere refreshes the calendars. */
export const SCHEDULING_KEY = ['scheduling'] as const;
/** Make-up credits and open make-up slots (decision 028): a cancel banks a credit, so it refreshes them too. */
export const MAKEUP_KEY = ['makeup'] as const;

/** A calendar's window (ISO with offset) and the staff's filters. */
export type CalendarFilters = { teacherId?: string; roomId?: string; studentId?: string; classGroupId?: string };
export type CalendarRange = { start: string; end: string };

export const eventsKey = (range: CalendarRange | null, filters: CalendarFilters) => [...SCHEDULING_KEY, 'events', range, filters] as const;

export function useEvents(range: CalendarRange | null, filters: CalendarFilters) {
  return useQuery({
    queryKey: eventsKey(range, filters),
    queryFn: async ({ signal }) => (await callApi(R.getEvents, { body: { ...range!, ...filters }, signal })).data,
    enabled: range !== null,
    // The old week stays drawn (under the loading overlay) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useLesson(id: string | null) {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'lesson', id],
    queryFn: async () => (await callApi(R.getLesson, { body: { id: id! } })).data,
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
    queryFn: async () => (await callApi(R.listLessonTypes, { body: { page: 1, limit: 100, sortBy: 'name', orderBy: 1 } })).data.results,
  });
}

export function useRooms() {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'rooms'],
    queryFn: async () => (await callApi(R.listRooms, { body: { page: 1, limit: 100, sortBy: 'roomName', orderBy: 1 } })).data.results,
  });
}

export function useAvailableCredits(enabled: boolean) {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'credits', 'available'],
    queryFn: async () => (await callApi(R.getCredits, { body: { status: 'available', page: 1, limit: 100, sortBy: 'expiresAt', orderBy: 1 } })).data.results,
    enabled,
  });
}

/** What cancelling the lesson would give its students (the cancel dialog, before confirming). */
export function useCancelPreview(id: string) {
  return useQuery({
    queryKey: [...SCHEDULING_KEY, 'cancelPreview', id],
    queryFn: async () => (await callApi(R.previewCancel, { body: { id } })).data,
    staleTime: 0,
  });
}

export type PickerType = 'teacher' | 'student' | 'class';
export const pickerKey = (type: PickerType) => [...SCHEDULING_KEY, 'options', type] as const;

function useSchedulingMutation<V, D>(call: (values: V) => Promise<{ message: string; data: D }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SCHEDULING_KEY });
      await queryClient.invalidateQueries({ queryKey: MAKEUP_KEY });
    },
  });
}

export const useAddLesson = () => useSchedulingMutation((v: LessonFormValues) => callApi(R.addLesson, { body: v }));
export const useUpdateLesson = () => useSchedulingMutation((v: LessonUpdateInput) => callApi(R.updateLesson, { body: v }));
export const useMoveLesson = () => useSchedulingMutation((v: Partial<LessonMoveValues> & Pick<LessonMoveValues, 'id' | 'scope' | 'date' | 'startTime'>) => callApi(R.moveLesson, { body: v }));
export const useCancelLesson = () => useSchedulingMutation((v: LessonCancelInput) => callApi(R.cancelLesson, { body: v }));
export const useRestoreLesson = () => useSchedulingMutation((id: string) => callApi(R.restoreLesson, { body: { id } }));
export const useDeleteLesson = () => useSchedulingMutation((v: { id: string; scope: Scope }) => callApi(R.deleteLesson, { body: v }));
export const useTakeAttendance = () => useSchedulingMutation((v: TakeAttendanceInput) => callApi(R.takeAttendance, { body: v }));
export const useBookMakeup = () => useSchedulingMutation((v: BookMakeupInput) => callApi(R.bookMakeup, { body: v }));
