import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';

export type PersonOption = { value: string; label: string };

type Props = {
  label: string;
  placeholder?: string;
  description?: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  /** The labels of people already chosen (a record being edited), before any search. */
  known?: PersonOption[];
  /** Identifies the option list in the query cache; the typed text is appended. */
  queryKey: readonly unknown[];
  /** Answers the people matching the typed text (the server pages and filters). */
  search: (text: string) => Promise<PersonOption[]>;
};

const SEARCH_DEBOUNCE_MS = 250;

/**
 * Picks people of a school by typing a name: the server answers a few matches at a time, and
 * the people already chosen keep their names when they leave the current matches.
 */
export function PeopleMultiSelect({ known = [], queryKey, search, value, onChange, ...field }: Props) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: [...queryKey, debounced],
    queryFn: () => search(debounced),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  // Every name seen so far, so that a chosen person stays labelled whatever the current search.
  const labels = useRef(new Map<string, string>());
  for (const o of known) labels.current.set(o.value, o.label);
  for (const o of options.data ?? []) labels.current.set(o.value, o.label);

  const data = useMemo(() => {
    const byValue = new Map<string, PersonOption>();
    for (const v of value) byValue.set(v, { value: v, label: labels.current.get(v) ?? 'Loading…' });
    for (const o of options.data ?? []) byValue.set(o.value, o);
    return [...byValue.values()];
  }, [value, options.data]);

  return (
    <MultiSelect
      {...field}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={text}
      onSearchChange={setText}
      hidePickedOptions
      clearable
      nothingFoundMessage={options.isFetching ? 'Searching…' : options.isError ? 'Could not load the list' : 'Nobody matches'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
