import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type SearchProps = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

/** A list's search box. */
export function SearchInput({ value, onChange, ...props }: SearchProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

type Props = {
  /** Whether any filter is set: only then is there something to clear. */
  filtered: boolean;
  onClear: () => void;
  clearLabel?: string;
  children: ReactNode;
};

/** The row of a list's search and filters, with a way back to the whole list. */
export function ListFilters({ filtered, onClear, clearLabel = 'Clear filters', children }: Props) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {children}
      {filtered && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
          {clearLabel}
        </Button>
      )}
    </Group>
  );
}
