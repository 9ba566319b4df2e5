import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLAN_ROUTES as R, type AskPlanBody, type PlanFormInput, type PlanListAnswer, type PlanListQuery, type SubscriptionList, type SubscriptionListAnswer,
} from '../../../../shared/contracts/student-plans';
import { callApi } from '../../../lib/callApi';
import { GENRE_ROUTES } from '../../../../shared/contracts/genres';
import { CLASS_ROUTES } from '../../../../shared/contracts/classes';

const PLANS_KEY = ['student-plans'] as const;
export const PLAN_PAGE_SIZE = 6;

/** getListPlanBuilder answers plans, or requests with isPlanApproveList: the body decides which of its two answers comes. */
export function usePlanList(params: PlanListQuery) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'builder', params],
    queryFn: async () => (await callApi(R.list, { body: { ...params, limit: PLAN_PAGE_SIZE } })).data as PlanListAnswer,
    placeholderData: keepPreviousData,
  });
}

export function useRequestList(list: SubscriptionList, page: number) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'requests', list, page],
    queryFn: async () => (await callApi(R.list, { body: { isPlanApproveList: true, list, page, limit: PLAN_PAGE_SIZE } })).data as SubscriptionListAnswer,
    placeholderData: keepPreviousData,
  });
}

export function useFamilyPlans(page: number) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'family', page],
    queryFn: async () => (await callApi(R.familyList, { body: { page, limit: PLAN_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePlan(planId: string) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'plan', planId],
    queryFn: async () => (await callApi(R.get, { body: { planId } })).data,
  });
}

export function useMySubscriptions(enabled = true) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'mine'],
    queryFn: async () => (await callApi(R.mine)).data,
    enabled,
  });
}

export function useInstrumentTeachers(instrumentId: string | null) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'teachers', instrumentId],
    queryFn: async () => (await callApi(R.instrumentTeachers, { body: { instrumentId } })).data,
  });
}

export function useInstruments() {
  return useQuery({
    queryKey: ['genres'],
    queryFn: async () => (await callApi(GENRE_ROUTES.list)).data.results,
    staleTime: 5 * 60_000,
  });
}

export function useClassGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['classes', 'plan-options'],
    queryFn: async () => (await callApi(CLASS_ROUTES.list, { body: { page: 1, limit: 100 } })).data.results,
    enabled,
  });
}

function usePlanMutation<V, T>(send: (values: V) => Promise<{ message: string; data: T }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PLANS_KEY });
      await client.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}

export const useAddPlan = () => usePlanMutation((v: PlanFormInput) => callApi(R.add, { body: v }));
export const useUpdatePlan = () => usePlanMutation((v: PlanFormInput & { planId: string }) => callApi(R.update, { body: v }));
export const useDeletePlan = () => usePlanMutation((planId: string) => callApi(R.remove, { body: { planId } }));
export const useAskPlan = () => usePlanMutation((v: AskPlanBody) => callApi(R.ask, { body: v }));
export const useAnswerRequest = () =>
  usePlanMutation((v: { subscriptionId: string; approve: boolean }) => callApi(R.answer, { body: v }));
export const useCancelPlan = () => usePlanMutation((subscriptionId: string) => callApi(R.cancel, { body: { subscriptionId } }));
