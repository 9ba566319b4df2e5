import { Badge, Group, Select, Skeleton, type BadgeVariant, type SelectProps } from '@mantine/core';

/** Active, inactive, or both (null). */
export type StatusFilter = 'active' | 'inactive' | null;

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

type SelectStatusProps = Omit<SelectProps, 'value' | 'onChange' | 'data'> & {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
};

/** The Status filter of a list of people or schools. */
export function StatusSelect({ value, onChange, ...props }: SelectStatusProps) {
  return (
    <Select
      label="Status"
      data={STATUS_OPTIONS}
      value={value ?? 'all'}
      allowDeselect={false}
      onChange={(next) => onChange(next === 'active' || next === 'inactive' ? next : null)}
      {...props}
    />
  );
}

type CountsProps = { active?: number; inactive?: number; loading: boolean; variant?: BadgeVariant };

/** How many are active and inactive, over the whole list rather than the page. */
export function StatusCounts({ active, inactive, loading, variant = 'light' }: CountsProps) {
  if (loading) return <Skeleton h={22} w={180} />;
  return (
    <Group gap="xs" aria-label="Counts">
      {/* Dark words: the light variant's green on pale green is 3.8:1, under WCAG's 4.5 (axe, the Schools list). */}
      <Badge color="green" variant={variant} size="lg" c="dark.7">
        Active: {active ?? 0}
      </Badge>
      <Badge color="gray" variant={variant} size="lg">
        Inactive: {inactive ?? 0}
      </Badge>
    </Group>
  );
}
