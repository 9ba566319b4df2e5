import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HELP_ROUTES } from '../../../shared/contracts/help';
import { callApi } from '../../lib/callApi';

const KEY = ['help'] as const;

/** The reader's articles; the search runs on the server. */
export function useHelpArticles(search: string) {
  return useQuery({
    queryKey: [...KEY, 'list', search],
    queryFn: async () => (await callApi(HELP_ROUTES.list, { body: search ? { search } : {} })).data,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useHelpArticle(slug: string | null) {
  return useQuery({
    queryKey: [...KEY, 'article', slug],
    queryFn: async () => (await callApi(HELP_ROUTES.article, { body: { slug: slug ?? '' } })).data,
    enabled: slug !== null,
    staleTime: 5 * 60_000,
  });
}
