import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHEDULING_ROUTES as R, type BookMakeupSlotInput, type MakeupSlotFormInput } from '../../../../shared/contracts/scheduling';
import { callApi } from '../../../lib/callApi';
import { MAKEUP_KEY, SCHEDULING_KEY } from '../calendarApi';

/** A student's available credits (a parent names the child; a student sees their own). */
export function useAvailableCreditsOf(studentId?: string) {
  return useQuery({
    queryKey: [...MAKEUP_KEY, 'credits', studentId ?? 'self'],
    queryFn: async () =>
      (await callApi(R.getCredits, { body: { status: 'available', studentId, limit: 50, sortBy: 'expiresAt', orderBy: 1 } })).data,
  });
}

export function useMakeupSlots(filter: { studentId?: string; teacherId?: string }, enabled = true) {
  return useQuery({
    queryKey: [...MAKEUP_KEY, 'slots', filter],
    queryFn: async () => (await callApi(R.listMakeupSlots, { body: filter })).data,
    enabled,
  });
}

function useMakeupMutation<V, D>(call: (values: V) => Promise<{ message: string; data: D }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // A booking changes the credits, the slots and the calendar.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MAKEUP_KEY });
      await queryClient.invalidateQueries({ queryKey: SCHEDULING_KEY });
      await queryClient.invalidateQueries({ queryKey: ['children'] });
    },
  });
}

export const useBookMakeupSlot = () => useMakeupMutation((v: BookMakeupSlotInput) => callApi(R.bookMakeupSlot, { body: v }));
export const useAddMakeupSlot = () => useMakeupMutation((v: MakeupSlotFormInput) => callApi(R.addMakeupSlot, { body: v }));
export const useRemoveMakeupSlot = () => useMakeupMutation((id: string) => callApi(R.removeMakeupSlot, { body: { id } }));
