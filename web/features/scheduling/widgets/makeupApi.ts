import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../../shared/contracts/common';
import type { BookMakeupSlotInput, CreditItem, MakeupSlotFormInput, MakeupSlotItem } from '../../../../shared/contracts/scheduling';
import { api } from '../../../lib/api';

/** Make-up credits and open make-up slots (decision 028): a family's and the school's. */
export const MAKEUP_KEY = ['makeup'] as const;

/** A student's available credits (a parent names the child; a student sees their own). */
export function useAvailableCreditsOf(studentId?: string) {
  return useQuery({
    queryKey: [...MAKEUP_KEY, 'credits', studentId ?? 'self'],
    queryFn: async () =>
      (await api.post<ListResult<CreditItem>>('/scheduling/getCredits', { status: 'available', studentId, limit: 50, sortBy: 'expiresAt', orderBy: 1 })).data,
  });
}

export function useMakeupSlots(filter: { studentId?: string; teacherId?: string }, enabled = true) {
  return useQuery({
    queryKey: [...MAKEUP_KEY, 'slots', filter],
    queryFn: async () => (await api.post<{ results: MakeupSlotItem[]; timeZone: string }>('/scheduling/makeupSlot/list', filter)).data,
    enabled,
  });
}

function useMakeupMutation<V, R>(call: (values: V) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // A booking changes the credits, the slots and the calendar.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MAKEUP_KEY });
      await queryClient.invalidateQueries({ queryKey: ['children'] });
    },
  });
}

export const useBookMakeupSlot = () => useMakeupMutation((v: BookMakeupSlotInput) => api.post<{ _id: string }>('/scheduling/makeupSlot/book', v));
export const useAddMakeupSlot = () => useMakeupMutation((v: MakeupSlotFormInput) => api.post<MakeupSlotItem>('/scheduling/makeupSlot/add', v));
export const useRemoveMakeupSlot = () => useMakeupMutation((id: string) => api.delete<{ _id: string }>('/scheduling/makeupSlot/remove', { id }));
