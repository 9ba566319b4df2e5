import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  label: string;
  /** A dash stands in for an empty value. */
  children: ReactNode;
  /** Renders the value in a div, for values that hold blocks (badges, lists). */
  block?: boolean;
};

/** One labelled value of a details card. */
export function DetailField({ label, children, block = false }: Props) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component={block ? 'div' : 'p'} style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}
