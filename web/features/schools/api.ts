import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SCHOOL_DETAILS_ROUTES, type ownSchoolDetailsForm } from '../../../shared/contracts/school-details';
import { SCHOOL_ROUTES, type SchoolListAnswer, type schoolForm, type schoolUpdateBody } from '../../../shared/contracts/schools';
import { MERCHANT_ROUTES, type MerchantSaveBody } from '../../../shared/contracts/merchant';
import { SCHOOL_PLAN_ROUTES, type PlanEndAction } from '../../../shared/contracts/school-plans';
import { PAGE_SIZE } from '../../../shared/constants';
import type { AddRole } from '../../../shared/roles';
import type { StatusFilter } from '../../components/StatusFilter';
import { callApi } from '../../lib/callApi';

export const SCHOOLS_PAGE_SIZE = PAGE_SIZE.schools;
const SCHOOLS_KEY = ['schools'] as const;

export type { StatusFilter };
export type SchoolList = SchoolListAnswer;
export type SchoolFormValues = z.output<typeof schoolForm>;
export type SchoolUpdateValues = z.output<typeof schoolUpdateBody>;
export type OwnSchoolDetailsValues = z.output<typeof ownSchoolDetailsForm>;

export type SchoolListParams = { addrole: AddRole; page: number; search: string; status: StatusFilter };

export function useSchoolList({ addrole, page, search, status }: SchoolListParams) {
  return useQuery({
    queryKey: [...SCHOOLS_KEY, 'list', { addrole, page, search, status }],
    queryFn: async () =>
      (
        await callApi(SCHOOL_ROUTES.list, { body: {
          page,
          limit: SCHOOLS_PAGE_SIZE,
          search: search || undefined,
          addrole,
          status: status ?? undefined,
          sortBy: 'createdAt',
          orderBy: -1,
        } })
      ).data,
    // Paging and typing keep the previous rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

export function useSchoolDetails(id: string | undefined) {
  return useQuery({
    queryKey: [...SCHOOLS_KEY, 'details', id],
    queryFn: async () => (await callApi(SCHOOL_ROUTES.details, { params: { id: id ?? '' } })).data,
    enabled: Boolean(id),
  });
}

/** Every change refreshes the lists, their counts and any open details. */
function useSchoolMutation<V>(call: (values: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOLS_KEY }),
  });
}

export function useAddSchool() {
  return useSchoolMutation((values: SchoolFormValues) => callApi(SCHOOL_ROUTES.add, { body: values }));
}

export function useUpdateSchool() {
  return useSchoolMutation((values: SchoolUpdateValues) => callApi(SCHOOL_ROUTES.update, { body: values }));
}

export function useChangeSchoolStatus() {
  return useSchoolMutation((values: { id: string; status: boolean }) => callApi(SCHOOL_ROUTES.changeStatus, { body: values }));
}

export function useDeleteSchool() {
  return useSchoolMutation((id: string) => callApi(SCHOOL_ROUTES.remove, { body: { id } }));
}

// --- Merchant information ------------------------------------------------------------------

const MERCHANT_KEY = ['merchant'] as const;

export function useMerchantInfo(adminId: string) {
  return useQuery({
    queryKey: [...MERCHANT_KEY, adminId],
    queryFn: async () => (await callApi(MERCHANT_ROUTES.get, { body: { adminId } })).data,
  });
}

export function useSaveMerchant(adminId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: MerchantSaveBody) => callApi(MERCHANT_ROUTES.save, { body: { ...values, adminId } }),
    onSuccess: (result) => queryClient.setQueryData([...MERCHANT_KEY, adminId], result.data),
  });
}

/** One school's Cadenza plan, for the provider (decision 071); the school-plans pages read the same calls under their own key. */
const SCHOOL_PLAN_KEY = ['schools', 'plan'] as const;

export function useSchoolPlan(adminId: string) {
  return useQuery({ queryKey: [...SCHOOL_PLAN_KEY, adminId], queryFn: async () => (await callApi(SCHOOL_PLAN_ROUTES.schoolPlan, { body: { adminId } })).data });
}

/**
 * The plan state of each school on the page (decision 071): the Schools list composes it with the
 * schools' own list, which knows nothing of plans. A school missing from the answer has no plan.
 */
export function usePlanStates(adminIds: string[]) {
  return useQuery({
    queryKey: [...SCHOOL_PLAN_KEY, 'states', adminIds],
    enabled: adminIds.length > 0,
    queryFn: async () => new Map((await callApi(SCHOOL_PLAN_ROUTES.planStates, { body: { adminIds } })).data.map((s) => [s.adminId, s.planState])),
  });
}

export function useEndOrExtendPlan(adminId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PlanEndAction) => callApi(SCHOOL_PLAN_ROUTES.endOrExtend, { body: { ...values, adminId } }),
    onSuccess: (result) => {
      queryClient.setQueryData([...SCHOOL_PLAN_KEY, adminId], result.data);
      // The Schools list shows its state too.
      void queryClient.invalidateQueries({ queryKey: [...SCHOOL_PLAN_KEY, 'states'] });
      // The Book Plan list (web/features/school-plans) shows the same booking.
      void queryClient.invalidateQueries({ queryKey: ['school-plans'] });
    },
  });
}

/** The school's own details and time zone (decision 080), read by its admin and sub-admin. */
export function useOwnSchoolDetails(adminId: string) {
  return useQuery({
    queryKey: [...SCHOOLS_KEY, 'own', adminId],
    queryFn: async () => (await callApi(SCHOOL_DETAILS_ROUTES.get, { params: { adminId } })).data,
  });
}

/** Saving may change the school's zone, which every time on every page is read in: all reads refresh. */
export function useSaveOwnSchoolDetails(adminId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: OwnSchoolDetailsValues) => callApi(SCHOOL_DETAILS_ROUTES.update, { body: { ...values, adminId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
