import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A paged list's page and search: the search reaches the server once typing pauses, and any
 * change of search or filter goes back to page one.
 */
export function useListState() {
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  /** Wraps a filter's setter so that setting it also goes back to page one. */
  const filterSetter = <T>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  return { page, setPage, search, setSearch: filterSetter(setSearchText), debouncedSearch, filterSetter };
}

type Paged<T> = { results: T[]; totalCount: number };

/**
 * The rows and page count of a loaded page. A page emptied by a delete or a filter falls back
 * to the last page that has rows (it sets the page while rendering, as React allows for state
 * derived from props).
 */
export function usePagedResults<T>(data: Paged<T> | undefined, pageSize: number, page: number, setPage: (page: number) => void) {
  const results = data?.results ?? [];
  const totalPages = Math.ceil((data?.totalCount ?? 0) / pageSize);
  if (data && page > 1 && results.length === 0 && page > totalPages) setPage(Math.max(1, totalPages));
  return { results, totalPages };
}
