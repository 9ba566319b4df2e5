import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useBizArticles } from './api';

/** A list of articles with its search box's text and its page (a new search starts at page 1). */
export function useArticleSearch(categoryId: string | null, enabled = true) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useBizArticles({ page, search: debounced, categoryId }, enabled);
  const setSearch = (value: string) => { setSearchText(value); setPage(1); };
  return { search, setSearch, page, setPage, query, searching: debounced !== '' };
}
