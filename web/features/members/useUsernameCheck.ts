import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { usernameField } from '../../../shared/contracts/members';
import { isUsernameAvailable } from './api';

const CHECK_DEBOUNCE_MS = 400;

/**
 * Asks the server whether a username is free while it is typed (POST /api/auth/checkvalidation),
 * once it has the shape of a username. The server checks again on save; this only says so sooner.
 */
export function useUsernameCheck(value: string | undefined, enabled: boolean) {
  const [debounced] = useDebouncedValue((value ?? '').trim(), CHECK_DEBOUNCE_MS);
  const wellFormed = usernameField.safeParse(debounced).success;
  const check = useQuery({
    queryKey: ['username-check', debounced.toLowerCase()],
    queryFn: ({ signal }) => isUsernameAvailable(debounced, signal),
    enabled: enabled && wellFormed,
    staleTime: 10_000,
    retry: false,
  });
  const current = enabled && wellFormed && debounced === (value ?? '').trim();
  return {
    checking: current && check.isFetching,
    taken: current && check.data?.available === false ? check.data.message : undefined,
    available: current && check.data?.available === true,
  };
}
