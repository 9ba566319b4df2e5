import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityItem } from '../../../shared/contracts/activities';
import type { ListResult } from '../../../shared/contracts/common';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';

export const ACTIVITIES_PAGE_SIZE = PAGE_SIZE.reports;

export function useActivities(page: number, hideLoginAs = false) {
  return useQuery({
    queryKey: ['activities', page, { hideLoginAs }],
    queryFn: async () =>
      (
        await api.post<ListResult<ActivityItem>>('/recentActivities/viewAllActivities', {
          page,
          limit: ACTIVITIES_PAGE_SIZE,
          // Sent only when asked: the default list is every line.
          ...(hideLoginAs ? { hideLoginAs } : {}),
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
