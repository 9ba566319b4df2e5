import { useQuery } from '@tanstack/react-query';
import { callApi } from './callApi';
import { GENRE_ROUTES } from '../../shared/contracts/genres';

/** The platform's instruments/genres (POST /genre/getgenre), for the course form and the reports' instrument filter. */
export function useGenres() {
  return useQuery({
    queryKey: ['genres'],
    queryFn: async () => (await callApi(GENRE_ROUTES.list)).data.results,
    staleTime: 5 * 60_000,
  });
}
