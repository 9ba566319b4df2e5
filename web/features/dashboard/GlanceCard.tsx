import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  id: string;
  title: string;
  /** A figure beside the title (how many). */
  count?: number;
  /** Where the things of this card are handled. */
  link?: { to: string; label: string } | null;
  children: ReactNode;
};

/** One card of "Today, at a glance": a titled region, its count and the way to where it is handled. */
export function GlanceCard({ id, title, count, link, children }: Props) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
            {count !== undefined && (
              <Text component="span" c="dimmed" fw={500} ml={8}>
                {count}
              </Text>
            )}
          </Title>
          {link && (
            <Anchor component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          )}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}
