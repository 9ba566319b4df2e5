import { Anchor, Badge, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryContent } from '../../components/QueryContent';
import { useHelpArticle } from './api';

/** One article: what it is for, its steps in order, what is good to know, and links to the screens. */
export function HelpArticleView({ slug, onBack }: { slug: string; onBack: () => void }) {
  const article = useHelpArticle(slug);
  return (
    <Stack gap="md">
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} w="fit-content" px={0}>
        All help articles
      </Button>
      <QueryContent query={article} loadingLabel="Loading the article" errorTitle="Could not load this article">
        {(a) => (
          <Card withBorder radius="md" padding="lg" component="article" aria-labelledby="help-article-title">
            <Stack gap="md">
              <Stack gap={4}>
                <Badge variant="light" color="gray" tt="none" w="fit-content">{a.topic}</Badge>
                <Title order={2} size="h3" id="help-article-title">{a.title}</Title>
                <Text c="dimmed">{a.summary}</Text>
              </Stack>
              <Stack gap="xs">
                <Title order={3} size="h5">Steps</Title>
                <List type="ordered" spacing="xs" aria-label="Steps">
                  {a.steps.map((step) => <List.Item key={step}>{step}</List.Item>)}
                </List>
              </Stack>
              {a.notes.length > 0 && (
                <Stack gap="xs">
                  <Title order={3} size="h5">Good to know</Title>
                  <List spacing="xs">
                    {a.notes.map((note) => <List.Item key={note}>{note}</List.Item>)}
                  </List>
                </Stack>
              )}
              {a.links.length > 0 && (
                <Stack gap="xs">
                  <Title order={3} size="h5">Go there</Title>
                  <List spacing={4} aria-label="Links">
                    {a.links.map((link) => (
                      <List.Item key={link.path}>
                        <Anchor component={Link} to={link.path}>{link.label}</Anchor>
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              )}
            </Stack>
          </Card>
        )}
      </QueryContent>
    </Stack>
  );
}
