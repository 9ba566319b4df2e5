import { Card, EmptyState, Group, Stack, Text, Title, type EmptyStateProps } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  title: ReactNode;
  /** A line of dimmed text, or a node of its own (e.g. the status counts). */
  subtitle?: ReactNode;
  /** The page's buttons, on the right (wrapping under the title on narrow screens). */
  actions?: ReactNode;
  align?: 'flex-end' | 'flex-start';
};

/** A page's h1 with what it says under it and its main actions. */
export function PageHeader({ title, subtitle, actions, align = 'flex-end' }: Props) {
  return (
    <Group justify="space-between" align={align} wrap="wrap">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {typeof subtitle === 'string' ? (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : (
          subtitle
        )}
      </Stack>
      {actions}
    </Group>
  );
}

/** A whole page's empty or not-found state, in a card. */
export function EmptyCard(props: EmptyStateProps) {
  return (
    <Card withBorder radius="md">
      <EmptyState {...props} />
    </Card>
  );
}
