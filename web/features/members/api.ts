import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  MEMBER_ROUTES,
  PERSON_FORMS,
  PERSON_UPDATE_FORMS,
  type FilterOption,
  type InstrumentInput,
  type MemberList,
  type PeopleRoutes,
  type PersonKindPath,
  filterBody,
} from '../../../shared/contracts/members';
import { pathOf } from '../../../shared/contracts/route';
import { PAGE_SIZE } from '../../../shared/constants';
import type { StatusFilter } from '../../components/StatusFilter';
import { downloadFile } from '../../lib/download';
import { callApi } from '../../lib/callApi';
import { GENRE_ROUTES } from '../../../shared/contracts/genres';
import { AUTH_ROUTES } from '../../../shared/contracts/auth';

export type { FilterOption };

export const MEMBERS_PAGE_SIZE = PAGE_SIZE.people;
const MEMBERS_KEY = ['member'] as const;

export type { StatusFilter };
export type SortColumn = 'createdAt' | 'first_name' | 'last_name';
export type SortOrder = -1 | 1;
export type MemberCounts = Pick<MemberList, 'activeCount' | 'inactiveCount'>;
export type { MemberList };

export type MemberListParams = {
  kind: PersonKindPath;
  page: number;
  search: string;
  status: StatusFilter;
  genreId: string | null;
  teacherId: string | null;
  sortBy: SortColumn;
  orderBy: SortOrder;
};

export type MemberFormValues<K extends PersonKindPath = PersonKindPath> = z.output<(typeof PERSON_FORMS)[K]>;
export type MemberUpdateValues<K extends PersonKindPath = PersonKindPath> = z.output<(typeof PERSON_UPDATE_FORMS)[K]>;
type FilterType = z.input<typeof filterBody>['type'];

/** The calls of one list: the four lists take the same calls under /member/{kind}. */
const routesOf = (kind: PersonKindPath): PeopleRoutes => MEMBER_ROUTES[kind];

/** The list body: only the filters in use, so normal mode and filtered mode differ by what is sent. */
export function listBody({ page, search, status, genreId, teacherId, sortBy, orderBy }: Omit<MemberListParams, 'kind'>) {
  return {
    page,
    limit: MEMBERS_PAGE_SIZE,
    search: search || undefined,
    status: status ?? undefined,
    genreId: genreId ?? undefined,
    teacherId: teacherId ?? undefined,
    sortBy,
    orderBy,
  };
}

export function useMemberList(params: MemberListParams, enabled = true) {
  const { kind, ...rest } = params;
  return useQuery({
    queryKey: [...MEMBERS_KEY, kind, 'list', rest],
    queryFn: async () => (await callApi(routesOf(kind).list, { body: listBody(rest) })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMemberProfile(id: string | undefined) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'profile', id],
    queryFn: async () => (await callApi(MEMBER_ROUTES.profile, { params: { id: id ?? '' } })).data,
    enabled: Boolean(id),
  });
}

/** One person as the edit form needs them. */
export function useMemberDetails(kind: PersonKindPath, id: string | undefined) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, kind, 'view', id],
    queryFn: async () => (await callApi(routesOf(kind).view, { params: { id: id ?? '' } })).data,
    enabled: Boolean(id),
  });
}

export function useGenres(enabled = true) {
  return useQuery({
    queryKey: ['genres'],
    queryFn: async () => (await callApi(GENRE_ROUTES.list)).data.results,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The school's people to pick from (teachers, students, parents). */
export function useFilterOptions(type: FilterType, enabled = true) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'options', type],
    queryFn: async () => (await callApi(MEMBER_ROUTES.filter, { body: { type, value: '' } })).data.results,
    staleTime: 30_000,
    enabled,
  });
}

/** Whether a username is still free (POST /api/auth/checkvalidation). */
export async function isUsernameAvailable(value: string, signal?: AbortSignal): Promise<{ available: boolean; message: string }> {
  const answer = await callApi(AUTH_ROUTES.checkValidation, { body: { type: 'username', value }, signal });
  return { available: answer.data.available, message: answer.message };
}

/** Every change refreshes the lists, their counts, profiles and the picker options. */
function useMemberMutation<V>(call: (values: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

export function useAddMember(kind: PersonKindPath) {
  return useMemberMutation((values: MemberFormValues) => callApi(routesOf(kind).add, { body: values }));
}

export function useUpdateMember(kind: PersonKindPath) {
  return useMemberMutation((values: MemberUpdateValues) => callApi(routesOf(kind).update, { body: values }));
}

export function useChangeMemberStatus(kind: PersonKindPath) {
  return useMemberMutation((values: { id: string; status: boolean }) => callApi(routesOf(kind).changeStatus, { body: values }));
}

/** "Resend invitation": a new set-password link; the older one stops working. */
export function useResendInvitation(kind: PersonKindPath) {
  return useMemberMutation((id: string) => callApi(routesOf(kind).resendInvitation, { body: { id } }));
}

export function useDeleteMember(kind: PersonKindPath) {
  return useMemberMutation((id: string) => callApi(routesOf(kind).remove, { body: { id } }));
}

export function useUpdateInstruments() {
  return useMemberMutation((values: { id: string; instruments: InstrumentInput[] }) =>
    callApi(MEMBER_ROUTES.students.updateInstruments, { body: values }),
  );
}

/** The CSV of a list with the filters on screen (paging aside: the file has every row). */
export function exportMembers(kind: PersonKindPath, params: Omit<MemberListParams, 'kind' | 'page'>) {
  const { page: _page, limit: _limit, ...filters } = listBody({ ...params, page: 1 });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  return downloadFile(`${pathOf(routesOf(kind).export)}?${query.toString()}`, `${kind}.csv`);
}

export function useChildren() {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'children'],
    queryFn: async () => (await callApi(MEMBER_ROUTES.children)).data.results,
  });
}
