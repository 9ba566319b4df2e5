import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SearchInput } from '../../components/ListFilters';
import { FormSkeleton } from '../../components/QueryContent';
import { QueryError } from '../../components/QueryError';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { useBizCategories } from './api';
import { ArticleList } from './ArticleList';
import { readArticlePath, readCategoryPath } from './paths';
import { useArticleSearch } from './useArticleSearch';

/** /MyBizNew (admins, sub-admins, teachers): the provider's categories, and a search over every published article. */
export default function ReadBizPage() {
  const categories = useBizCategories();
  const list = useArticleSearch(null);
  return (
    <Stack gap="lg">
      <PageHeader title="Build My Biz" subtitle="Ideas from your provider to grow your school: marketing, pricing, recruiting, recitals." />
      <SearchInput label="Search articles" placeholder="What do you want to grow?" value={list.search} onChange={list.setSearch} maw={420} />
      {list.searching ? (
        <ArticleList query={list.query} page={list.page} onPage={list.setPage} searching hrefOf={readArticlePath} showCategory />
      ) : categories.isPending ? (
        <FormSkeleton label="Loading categories" rows={3} />
      ) : categories.isError ? (
        <QueryError error={categories.error} onRetry={() => void categories.refetch()} title="Could not load the categories" />
      ) : categories.data.length === 0 ? (
        <EmptyCard icon={<IconBriefcase size={28} />} title="Nothing here yet" description="Your provider has not published any articles yet." />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {categories.data.map((c) => (
              <Card key={c._id} component="li" withBorder radius="md" padding="lg">
                <Title order={2} size="h4">
                  <Anchor component={Link} to={readCategoryPath(c._id)} inherit>{c.name}</Anchor>
                </Title>
                {c.description && <Text size="sm" c="dimmed" mt={6}>{c.description}</Text>}
                <Text size="xs" c="dimmed" mt={8}>{c.articleCount === 1 ? '1 article' : `${c.articleCount} articles`}</Text>
              </Card>
            ))}
          </SimpleGrid>
          <Title order={2} size="h4">Latest articles</Title>
          <ArticleList query={list.query} page={list.page} onPage={list.setPage} searching={false} hrefOf={readArticlePath} showCategory />
        </>
      )}
    </Stack>
  );
}
