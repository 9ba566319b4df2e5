import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import type { ListResult } from '../../../shared/contracts/common';
import type {
  CREDIT_STATUSES, CreditItem, HolidayItem, LessonTypeItem, RoomItem, SchedulingSettings, SchedulingSettingsAnswer,
} from '../../../shared/contracts/scheduling';
import { api } from '../../lib/api';
import { SCHEDULING_KEY } from './calendarApi';

/** The scheduling setup hub's calls (rooms, lesson types, holidays, make-up rules and credits). */
const BASE = '/scheduling';
const SETUP_KEY = ['schedulingSetup'] as const;

export const ROOMS_PAGE_SIZE = PAGE_SIZE.rooms;
export const SETUP_PAGE_SIZE = PAGE_SIZE.reports;

export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** A list of one kind of setup record, newest first (holidays: soonest first). */
function useSetupList<T>(kind: 'room' | 'lessonType' | 'holiday', page: number, limit: number, sortBy: string, orderBy: 1 | -1) {
  return useQuery({
    queryKey: [...SETUP_KEY, kind, { page }],
    queryFn: async () => (await api.post<ListResult<T>>(`${BASE}/${kind}/list`, { page, limit, sortBy, orderBy })).data,
    placeholderData: keepPreviousData,
  });
}

export const useRoomList = (page: number) => useSetupList<RoomItem>('room', page, ROOMS_PAGE_SIZE, 'roomName', 1);
export const useLessonTypeList = (page: number) => useSetupList<LessonTypeItem>('lessonType', page, SETUP_PAGE_SIZE, 'name', 1);
export const useHolidayList = (page: number) => useSetupList<HolidayItem>('holiday', page, SETUP_PAGE_SIZE, 'startsOn', -1);

function useSetupMutation<V, R = unknown>(call: (values: V) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // A holiday cancels lessons and a new room or type shows in the calendar's pickers too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETUP_KEY }),
  });
}

export const useAddRoom = () => useSetupMutation((v: unknown) => api.post<RoomItem>(`${BASE}/room/add`, v));
export const useUpdateRoom = () => useSetupMutation((v: { id: string }) => api.post<RoomItem>(`${BASE}/room/update`, v));
export const useRemoveRoom = () => useSetupMutation((id: string) => api.delete<null>(`${BASE}/room/remove`, { id }));

export const useAddLessonType = () => useSetupMutation((v: unknown) => api.post<LessonTypeItem>(`${BASE}/lessonType/add`, v));
export const useUpdateLessonType = () => useSetupMutation((v: { id: string }) => api.post<LessonTypeItem>(`${BASE}/lessonType/update`, v));
export const useRemoveLessonType = () => useSetupMutation((id: string) => api.delete<null>(`${BASE}/lessonType/remove`, { id }));

export const useAddHoliday = () => useSetupMutation((v: unknown) => api.post<HolidayItem>(`${BASE}/holiday/add`, v));
export const useRemoveHoliday = () => useSetupMutation((id: string) => api.delete<null>(`${BASE}/holiday/remove`, { id }));

export function useSchedulingSettings() {
  return useQuery({
    queryKey: [...SETUP_KEY, 'settings'],
    queryFn: async () => (await api.post<SchedulingSettingsAnswer>(`${BASE}/getSettings`, {})).data,
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SchedulingSettings) => api.post<SchedulingSettingsAnswer>(`${BASE}/updateSettings`, values),
    onSuccess: (result) => {
      queryClient.setQueryData([...SETUP_KEY, 'settings'], result.data);
      // The calendar's answers carry the school hours and the default length.
      void queryClient.invalidateQueries({ queryKey: SCHEDULING_KEY });
    },
  });
}

export type CreditListParams = { page: number; status: CreditStatus; studentId: string | null };

export function useCreditList({ page, status, studentId }: CreditListParams) {
  return useQuery({
    queryKey: [...SETUP_KEY, 'credits', { page, status, studentId }],
    queryFn: async () =>
      (
        await api.post<ListResult<CreditItem>>(`${BASE}/getCredits`, {
          page,
          limit: SETUP_PAGE_SIZE,
          sortBy: 'expiresAt',
          orderBy: 1,
          status,
          studentId: studentId ?? undefined,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export const studentOptionsKey = [...SETUP_KEY, 'students'] as const;
