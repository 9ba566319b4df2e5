import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AskPlanBody, InstrumentTeacher, PlanFormInput, PlanItem, PlanListAnswer, PlanListQuery, SubscriptionItem, SubscriptionList, SubscriptionListAnswer,
} from '../../../../shared/contracts/student-plans';
import { api } from '../../../lib/api';
import { callApi } from '../../../lib/callApi';
import { GENRE_ROUTES } from '../../../../shared/contracts/genres';

const PLANS_KEY = ['student-plans'] as const;
export const PLAN_PAGE_SIZE = 6;

export function usePlanList(params: PlanListQuery) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'builder', params],
    queryFn: async () => (await api.post<PlanListAnswer>('/studentBilling/getListPlanBuilder', { ...params, limit: PLAN_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
  });
}

export function useRequestList(list: SubscriptionList, page: number) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'requests', list, page],
    queryFn: async () => (await api.post<SubscriptionListAnswer>('/studentBilling/getListPlanBuilder', { isPlanApproveList: true, list, page, limit: PLAN_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
  });
}

export function useFamilyPlans(page: number) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'family', page],
    queryFn: async () => (await api.post<PlanListAnswer>('/paymentbilling/planList', { page, limit: PLAN_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePlan(planId: string) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'plan', planId],
    queryFn: async () => (await api.post<PlanItem>('/studentBilling/getPlanById', { planId })).data,
  });
}

export function useMySubscriptions(enabled = true) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'mine'],
    queryFn: async () => (await api.get<SubscriptionItem[]>('/studentBilling/mySubscription')).data,
    enabled,
  });
}

export function useInstrumentTeachers(instrumentId: string | null) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'teachers', instrumentId],
    queryFn: async () => (await api.post<InstrumentTeacher[]>('/paymentbilling/instrumentTeacher', { instrumentId })).data,
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
    queryFn: async () => (await api.post<{ results: { _id: string; name: string }[] }>('/classes/list', { page: 1, limit: 100 })).data.results,
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

export const useAddPlan = () => usePlanMutation((v: PlanFormInput) => api.post<PlanItem>('/studentBilling/addPlanBuilder', v));
export const useUpdatePlan = () => usePlanMutation((v: PlanFormInput & { planId: string }) => api.post<PlanItem>('/studentBilling/updatePlanBuilder', v));
export const useDeletePlan = () => usePlanMutation((planId: string) => api.delete<{ retired: boolean }>('/studentBilling/deletePlanBuilder', { planId }));
export const useAskPlan = () => usePlanMutation((v: AskPlanBody) => api.post<SubscriptionItem>('/studentBilling/payments', v));
export const useAnswerRequest = () =>
  usePlanMutation((v: { subscriptionId: string; approve: boolean }) => api.post<SubscriptionItem>('/studentBilling/approvePlanByAdmin', v));
export const useCancelPlan = () => usePlanMutation((subscriptionId: string) => api.post<SubscriptionItem>('/studentBilling/cancelBookPlan', { subscriptionId }));
