import { TextInput } from '@mantine/core';
import { PersonSelect, type PersonSelectProps } from './PersonSelect';

type Range = { from: string; to: string };

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
