import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_EXPORT_ROUTES, type DataExport, type DataExportScope } from '../../../shared/contracts/data-export';
import { callApi } from '../../lib/callApi';

const LATEST_KEY = ['data-export', 'latest'] as const;
/** While the job works, the page asks for its progress this often. */
export const PROGRESS_POLL_MS = 1500;

const working = (exported: DataExport | null | undefined) => exported?.status === 'pending' || exported?.status === 'running';

/** The person's newest export, asked again while it is being built. */
export function useLatestExport(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: LATEST_KEY,
    queryFn: async () => (await callApi(DATA_EXPORT_ROUTES.latest)).data,
    refetchInterval: (query) => (working(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: DataExportScope) => callApi(DATA_EXPORT_ROUTES.start, { body: { scope } }),
    onSuccess: (result) => queryClient.setQueryData(LATEST_KEY, result.data),
  });
}
