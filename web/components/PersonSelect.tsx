import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PersonOption } from './PeopleMultiSelect';

export type PersonSelectProps = {
  label: string;
  placeholder?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  clearable?: boolean;
  w?: Record<string, string | number> | string | number;
  /** The chosen person's label before any search (a record being edited). */
  known?: PersonOption | null;
  /** Identifies the option list in the query cache; the typed text is appended. */
  queryKey: readonly unknown[];
  /** Answers the people matching the typed text (the server pages and filters). */
  search: (text: string) => Promise<PersonOption[]>;
};

const SEARCH_DEBOUNCE_MS = 250;

/** Picks one person of a school by typing a name; the server answers the matches. */
export function PersonSelect({ known, queryKey, search, value, onChange, ...field }: PersonSelectProps) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<PersonOption | null>(known ?? null);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Cleared from outside (a form reset, "Clear filters"): forget the name too.
  if (value === null && chosen !== null) setChosen(null);
  // The select shows the chosen name in its input: that text is no search.
  const query = chosen && debounced === chosen.label ? '' : debounced;
  const options = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => search(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const data = useMemo(() => {
    const list = options.data ?? [];
    return chosen && chosen.value === value && !list.some((o) => o.value === chosen.value) ? [chosen, ...list] : list;
  }, [options.data, chosen, value]);

  return (
    <Select
      {...field}
      data={data}
      value={value}
      onChange={(next, option) => {
        setChosen(next && option ? { value: option.value, label: option.label } : null);
        onChange(next);
      }}
      searchable
      searchValue={text}
      onSearchChange={setText}
      nothingFoundMessage={options.isFetching ? 'Searching…' : options.isError ? 'Could not load the list' : 'Nobody matches'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
