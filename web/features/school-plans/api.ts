import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHOOL_ROUTES } from '../../../shared/contracts/schools';
import {
  SCHOOL_PLAN_ROUTES as R, type BookingListQuery, type BookPlanInput, type SchoolPlanFormInput, type SchoolPlanListQuery,
} from '../../../shared/contracts/school-plans';
import { callApi } from '../../lib/callApi';

export const PLANS_KEY = ['school-plans'] as const;
export const PLAN_PAGE_SIZE = 6;

export function useSchoolPlans(params: SchoolPlanListQuery) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'plans', params],
    queryFn: async () => (await callApi(R.list, { body: { limit: PLAN_PAGE_SIZE, ...params } })).data,
    placeholderData: keepPreviousData,
  });
}

/** One of the provider's plans, for its registration page (decision 090). */
export function useSchoolPlan(planId: string) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'plan', planId],
    queryFn: async () => (await callApi(R.view, { body: { planId } })).data,
  });
}

export function useBookings(params: BookingListQuery) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'bookings', params],
    queryFn: async () => (await callApi(R.bookings, { body: { limit: PLAN_PAGE_SIZE, ...params } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useMyPlan() {
  return useQuery({ queryKey: [...PLANS_KEY, 'mine'], queryFn: async () => (await callApi(R.myPlan)).data });
}

function usePlanMutation<V>(send: (values: V) => Promise<{ message: string; data: unknown }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: PLANS_KEY }) });
}

export const useAddPlan = () => usePlanMutation((v: SchoolPlanFormInput) => callApi(R.add, { body: v }));
export const useUpdatePlan = () => usePlanMutation((v: SchoolPlanFormInput & { planId: string }) => callApi(R.update, { body: v }));
export const useDeletePlan = () => usePlanMutation((planId: string) => callApi(R.remove, { body: { planId } }));
export const useBookPlan = () => usePlanMutation((v: BookPlanInput) => callApi(R.book, { body: v }));
export const useChangePlan = () => usePlanMutation((v: { adminId: string; planId: string }) => callApi(R.change, { body: v }));
export const useSendUpgradeOffer = () => usePlanMutation((v: { adminId: string; planId: string }) => callApi(R.upgradeEmail, { body: v }));
export const useCancelBooking = () => usePlanMutation((adminId: string) => callApi(R.cancel, { body: { adminId } }));

/** Schools and private teachers matching the typed text, for the school picker. */
export async function searchSchools(text: string) {
  const ask = (addrole: 'School' | 'Private teacher') => callApi(SCHOOL_ROUTES.list, { body: { search: text || undefined, addrole, limit: 10 } });
  const [schools, teachers] = await Promise.all([ask('School'), ask('Private teacher')]);
  return [...schools.data.results, ...teachers.data.results].map((s) => ({
    value: s._id, label: s.addrole === 'School' ? s.school_name : `${s.school_name} (private teacher)`,
  }));
}

export const usePayMyPlan = () => usePlanMutation((v: { cardNo?: string; expDate?: string; cardCode?: string }) => callApi(R.payMyPlan, { body: v }));
