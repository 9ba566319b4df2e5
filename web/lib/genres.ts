import { useQuery } from '@tanstack/react-query';
import { api } from './api';

type Genre = { _id: string; name: string };

/** The platform's instruments/genres (POST /genre/getgenre), for the course form and the reports' instrument filter. */
export function useGenres() {
  return useQuery({
    queryKey: ['genres'],
    queryFn: async () => (await api.post<{ results: Genre[] }>('/genre/getgenre', {})).data.results,
    staleTime: 5 * 60_000,
  });
}
