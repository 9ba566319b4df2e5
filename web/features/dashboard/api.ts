import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUTH_ROUTES } from '../../../shared/contracts/auth';
import { DASHBOARD_ROUTES } from '../../../shared/contracts/dashboard';
import { ACTIVITY_ROUTES } from '../../../shared/contracts/activities';
import { PAGE_SIZE } from '../../../shared/constants';
import { callApi } from '../../lib/callApi';

export const LOGIN_AS_PAGE_SIZE = PAGE_SIZE.people;

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await callApi(DASHBOARD_ROUTES.figures)).data,
  });
}

export function useLoginAsCandidates(page: number, search: string) {
  return useQuery({
    queryKey: ['auth', 'loginAsCandidates', { page, search }],
    queryFn: async () =>
      (
        await callApi(AUTH_ROUTES.loginAsCandidates, { body: {
          page,
          limit: LOGIN_AS_PAGE_SIZE,
          search: search || undefined,
        } })
      ).data,
    // Paging and typing keep the previous rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

/** The latest few lines of Recent activities, for the dashboard's card. */
export const LATEST_ACTIVITIES = 5;

export function useLatestActivities() {
  return useQuery({
    queryKey: ['activities', 'latest'],
    queryFn: async () =>
      (await callApi(ACTIVITY_ROUTES.list, { body: { page: 1, limit: LATEST_ACTIVITIES } })).data,
  });
}

/** Today at a glance: the caller's day in the school's zone. */
export const TODAY_KEY = ['dashboard', 'today'] as const;

export function useToday() {
  return useQuery({
    queryKey: TODAY_KEY,
    queryFn: async () => (await callApi(DASHBOARD_ROUTES.today)).data,
  });
}
