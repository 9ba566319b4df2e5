import { Group, Pagination } from '@mantine/core';

type Props = { page: number; totalPages: number; onChange: (page: number) => void };

/** The pager under every paged list: hidden for a single page, every control named for screen readers. */
export function ListPagination({ page, totalPages, onChange }: Props) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="flex-end">
      <Pagination
        total={totalPages}
        value={page}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
