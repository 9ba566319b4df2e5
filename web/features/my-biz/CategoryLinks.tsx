import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { BizCategory } from '../../../shared/contracts/my-biz';

/** The categories as links, the chosen one marked (wrapping on a phone). */
export function CategoryLinks({ categories, selectedId, hrefOf }: { categories: BizCategory[]; selectedId: string | null; hrefOf: (c: BizCategory) => string }) {
  return (
    <Group gap="xs" component="nav" aria-label="Categories" wrap="wrap">
      {categories.map((c) => (
        <Button key={c._id} component={Link} to={hrefOf(c)} size="sm" radius="xl" variant={c._id === selectedId ? 'filled' : 'light'}
          aria-current={c._id === selectedId ? 'page' : undefined}>
          {`${c.name} (${c.articleCount})`}
        </Button>
      ))}
    </Group>
  );
}
