import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACTIVITY_ROUTES } from '../../../shared/contracts/activities';
import { PAGE_SIZE } from '../../../shared/constants';
import { callApi } from '../../lib/callApi';

export const ACTIVITIES_PAGE_SIZE = PAGE_SIZE.reports;

export function useActivities(page: number, hideLoginAs = false) {
  return useQuery({
    queryKey: ['activities', page, { hideLoginAs }],
    queryFn: async () =>
      (
        await callApi(ACTIVITY_ROUTES.list, {
          body: {
            page,
            limit: ACTIVITIES_PAGE_SIZE,
            // Sent only when asked: the default list is every line.
            ...(hideLoginAs ? { hideLoginAs } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
