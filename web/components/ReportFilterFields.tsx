import { Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListFilters } from './ListFilters';
import { PersonSelect, type PersonSelectProps } from './PersonSelect';

type Range = { from: string; to: string };
const ALL = 'all';

/** A report's From and To dates, each with its error under it. */
export function DateRangeFilter({ range, errors, onChange }: {
  range: Range;
  errors: Partial<Record<keyof Range, string>>;
  onChange: (next: Partial<Range>) => void;
}) {
  return (
    <>
      <TextInput label="From" type="date" value={range.from} error={errors.from} onChange={(e) => onChange({ from: e.currentTarget.value })} w={{ base: '100%', sm: 170 }} />
      <TextInput label="To" type="date" value={range.to} error={errors.to} onChange={(e) => onChange({ to: e.currentTarget.value })} w={{ base: '100%', sm: 170 }} />
    </>
  );
}

/** What a report's filter row needs of its page (useRangeReport in web/lib gives it all). */
export type ReportFilterState<R extends Range> = {
  filters: R;
  change: (next: Partial<R>) => void;
  errors: Partial<Record<keyof Range, string>>;
  filtered: boolean;
  reset: () => void;
};

/** A report's filter row: the dates first, the report's own filters after them, and "Reset filters". */
export function ReportFilters<R extends Range>({ state, children }: { state: ReportFilterState<R>; children: ReactNode }) {
  return (
    <ListFilters filtered={state.filtered} onClear={state.reset} clearLabel="Reset filters">
      <DateRangeFilter range={state.filters} errors={state.errors} onChange={(next) => state.change(next as Partial<R>)} />
      {children}
    </ListFilters>
  );
}

/** A report's person picker ("All students", "All children"…): a cleared picker means everyone. */
export function PersonFilter({ label, everyone, value, onChange, queryKey, search }: {
  label: string;
  everyone: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  queryKey: readonly unknown[];
  search: PersonSelectProps['search'];
}) {
  return (
    <PersonSelect
      label={label}
      placeholder={everyone}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      clearable
      w={{ base: '100%', sm: 200 }}
      queryKey={queryKey}
      search={search}
    />
  );
}

/** A report's student picker: a parent's reads "Child" and means all the children when cleared. */
export function StudentFilter({ label, ...picker }: Omit<Parameters<typeof PersonFilter>[0], 'everyone'> & { label: 'Student' | 'Child' }) {
  return <PersonFilter label={label} everyone={label === 'Child' ? 'All children' : 'All students'} {...picker} />;
}

/** A report's pick-one filter (status, method…): its first choice, "All", means the filter is off. */
export function ChoiceFilter<T extends string>({ label, choices, labels, value, onChange, width }: {
  label: string;
  choices: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  width: number;
}) {
  const data = [{ value: ALL, label: 'All' }, ...choices.map((choice) => ({ value: choice, label: labels[choice] }))];
  return (
    <Select
      label={label}
      data={data}
      value={value ?? ALL}
      allowDeselect={false}
      onChange={(picked) => onChange(picked && picked !== ALL ? (picked as T) : undefined)}
      w={{ base: '100%', sm: width }}
    />
  );
}
