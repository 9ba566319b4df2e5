import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HelpArticle, HelpArticleList } from '../../../shared/contracts/help';
import { api } from '../../lib/api';

const KEY = ['help'] as const;

/** The reader's articles; the search runs on the server. */
export function useHelpArticles(search: string) {
  return useQuery({
    queryKey: [...KEY, 'list', search],
    queryFn: async () => (await api.post<HelpArticleList>('/help/getHelpArticles', search ? { search } : {})).data,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useHelpArticle(slug: string | null) {
  return useQuery({
    queryKey: [...KEY, 'article', slug],
    queryFn: async () => (await api.post<HelpArticle>('/help/getHelpArticle', { slug })).data,
    enabled: slug !== null,
    staleTime: 5 * 60_000,
  });
}
