import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** One cache for the app's lifetime, however often the providers around it remount. */
export const queryClient = createQueryClient();
