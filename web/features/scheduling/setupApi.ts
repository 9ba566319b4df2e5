import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import {
  SCHEDULING_ROUTES as R, type CREDIT_STATUSES, type HolidayFormInput, type LessonTypeFormInput, type RoomFormInput, type SchedulingSettings,
} from '../../../shared/contracts/scheduling';
import { callApi } from '../../lib/callApi';
import { SCHEDULING_KEY } from './calendarApi';

/** The scheduling setup hub's calls (rooms, lesson types, holidays, make-up rules and credits). */
const SETUP_KEY = ['schedulingSetup'] as const;

export const ROOMS_PAGE_SIZE = PAGE_SIZE.rooms;
export const SETUP_PAGE_SIZE = PAGE_SIZE.reports;

export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** A list of one kind of setup record, newest first (holidays: soonest first). */
function useSetupList<T>(kind: 'room' | 'lessonType' | 'holiday', page: number, load: () => Promise<{ data: T }>) {
  return useQuery({
    queryKey: [...SETUP_KEY, kind, { page }],
    queryFn: async () => (await load()).data,
    placeholderData: keepPreviousData,
  });
}

export const useRoomList = (page: number) =>
  useSetupList('room', page, () => callApi(R.listRooms, { body: { page, limit: ROOMS_PAGE_SIZE, sortBy: 'roomName', orderBy: 1 } }));
export const useLessonTypeList = (page: number) =>
  useSetupList('lessonType', page, () => callApi(R.listLessonTypes, { body: { page, limit: SETUP_PAGE_SIZE, sortBy: 'name', orderBy: 1 } }));
export const useHolidayList = (page: number) =>
  useSetupList('holiday', page, () => callApi(R.listHolidays, { body: { page, limit: SETUP_PAGE_SIZE, sortBy: 'startsOn', orderBy: -1 } }));

function useSetupMutation<V, D = unknown>(call: (values: V) => Promise<{ message: string; data: D }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // A holiday cancels lessons and a new room or type shows in the calendar's pickers too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETUP_KEY }),
  });
}

export const useAddRoom = () => useSetupMutation((v: RoomFormInput) => callApi(R.addRoom, { body: v }));
export const useUpdateRoom = () => useSetupMutation((v: RoomFormInput & { id: string }) => callApi(R.updateRoom, { body: v }));
export const useRemoveRoom = () => useSetupMutation((id: string) => callApi(R.removeRoom, { body: { id } }));

export const useAddLessonType = () => useSetupMutation((v: LessonTypeFormInput) => callApi(R.addLessonType, { body: v }));
export const useUpdateLessonType = () => useSetupMutation((v: LessonTypeFormInput & { id: string }) => callApi(R.updateLessonType, { body: v }));
export const useRemoveLessonType = () => useSetupMutation((id: string) => callApi(R.removeLessonType, { body: { id } }));

export const useAddHoliday = () => useSetupMutation((v: HolidayFormInput) => callApi(R.addHoliday, { body: v }));
export const useRemoveHoliday = () => useSetupMutation((id: string) => callApi(R.removeHoliday, { body: { id } }));

export function useSchedulingSettings() {
  return useQuery({
    queryKey: [...SETUP_KEY, 'settings'],
    queryFn: async () => (await callApi(R.getSettings)).data,
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SchedulingSettings) => callApi(R.updateSettings, { body: values }),
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
        await callApi(R.getCredits, {
          body: {
            page,
            limit: SETUP_PAGE_SIZE,
            sortBy: 'expiresAt',
            orderBy: 1,
            status,
            studentId: studentId ?? undefined,
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export const studentOptionsKey = [...SETUP_KEY, 'students'] as const;
