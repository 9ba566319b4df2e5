import { Anchor, Badge, Card, EmptyState, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHelpOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { SEARCH_MAX } from '../../../shared/constants';
import { QueryError } from '../../components/QueryError';
import { useHelpArticles } from './api';

const SEARCH_DEBOUNCE_MS = 250;

/** The search box and the matching articles, each opening in place. */
export function HelpSearch({ onOpen }: { onOpen: (slug: string) => void }) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const articles = useHelpArticles(search);
  const results = articles.data?.results ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label="Search help"
        placeholder="For example: bank a lesson, invoice, practice timer"
        leftSection={<IconSearch size={16} />}
        value={text}
        maxLength={SEARCH_MAX}
        onChange={(e) => setText(e.currentTarget.value)}
        w={{ base: '100%', sm: 420 }}
      />
      {articles.isError ? (
        <QueryError error={articles.error} onRetry={() => void articles.refetch()} title="Could not load help" />
      ) : articles.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading help">
          {[0, 1, 2].map((i) => <Skeleton key={i} h={72} radius="md" />)}
        </Stack>
      ) : results.length === 0 ? (
        <EmptyState
          icon={<IconHelpOff size={28} />}
          title="No articles match"
          description="Try fewer or other words, or ask us through Contact for More Features."
        />
      ) : (
        <Stack gap="sm" component="ul" role="list" aria-label="Help articles" aria-busy={articles.isFetching} p={0} m={0} style={{ listStyle: 'none' }}>
          {results.map((a) => (
            <Card component="li" key={a.slug} withBorder radius="md" padding="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Anchor component="button" type="button" fw={600} ta="left" onClick={() => onOpen(a.slug)}>
                  {a.title}
                </Anchor>
                <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>{a.topic}</Badge>
              </Group>
              <Text size="sm" c="dimmed" mt={4}>{a.summary}</Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
