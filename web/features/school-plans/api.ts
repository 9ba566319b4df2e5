import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../shared/contracts/common';
import { SCHOOL_ROUTES } from '../../../shared/contracts/schools';
import type {
  BookingListQuery, BookPlanInput, MyPlan, SchoolBooking, SchoolPlan, SchoolPlanFormInput, SchoolPlanListQuery,
} from '../../../shared/contracts/school-plans';
import { api } from '../../lib/api';
import { callApi } from '../../lib/callApi';

export const PLANS_KEY = ['school-plans'] as const;
export const PLAN_PAGE_SIZE = 6;

export function useSchoolPlans(params: SchoolPlanListQuery) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'plans', params],
    queryFn: async () => (await api.post<ListResult<SchoolPlan>>('/schoolBilling/getSchoolPlanList', { limit: PLAN_PAGE_SIZE, ...params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useBookings(params: BookingListQuery) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'bookings', params],
    queryFn: async () => (await api.post<ListResult<SchoolBooking>>('/bookPlan/getbookplanschool', { limit: PLAN_PAGE_SIZE, ...params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useMyPlan() {
  return useQuery({ queryKey: [...PLANS_KEY, 'mine'], queryFn: async () => (await api.get<MyPlan>('/schoolBilling/myPlan')).data });
}

function usePlanMutation<V>(send: (values: V) => Promise<{ message: string; data: unknown }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: PLANS_KEY }) });
}

export const useAddPlan = () => usePlanMutation((v: SchoolPlanFormInput) => api.post<SchoolPlan>('/schoolBilling/addSchoolPlan', v));
export const useUpdatePlan = () => usePlanMutation((v: SchoolPlanFormInput & { planId: string }) => api.post<SchoolPlan>('/schoolBilling/updateSchoolPlan', v));
export const useDeletePlan = () => usePlanMutation((planId: string) => api.delete<{ outcome: string }>('/schoolBilling/deleteSchoolPlan', { planId }));
export const useBookPlan = () => usePlanMutation((v: BookPlanInput) => api.post<MyPlan>('/bookPlan/bookplanschool', v));
export const useChangePlan = () => usePlanMutation((v: { adminId: string; planId: string }) => api.post<MyPlan>('/bookPlan/updatebookplanschool', v));
export const useSendUpgradeOffer = () => usePlanMutation((v: { adminId: string; planId: string }) => api.post<null>('/bookPlan/planUpgradeEmail', v));
export const useCancelBooking = () => usePlanMutation((adminId: string) => api.post<MyPlan>('/bookPlan/cancelBookPlanSchool', { adminId }));

/** Schools and private teachers matching the typed text, for the school picker. */
export async function searchSchools(text: string) {
  const ask = (addrole: 'School' | 'Private teacher') => callApi(SCHOOL_ROUTES.list, { body: { search: text || undefined, addrole, limit: 10 } });
  const [schools, teachers] = await Promise.all([ask('School'), ask('Private teacher')]);
  return [...schools.data.results, ...teachers.data.results].map((s) => ({
    value: s._id, label: s.addrole === 'School' ? s.school_name : `${s.school_name} (private teacher)`,
  }));
}

export const usePayMyPlan = () => usePlanMutation((v: { cardNo?: string; expDate?: string; cardCode?: string }) => api.post<MyPlan>('/schoolBilling/payMyPlan', v));
