import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArticle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BizArticleListAnswer, BizArticleSummary } from '../../../shared/contracts/my-biz';
import { ListPagination } from '../../components/ListPagination';
import { EmptyCard } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { ArticleStatusBadge } from './ArticleStatusBadge';

type Props = {
  query: UseQueryResult<BizArticleListAnswer>;
  page: number;
  onPage: (page: number) => void;
  hrefOf: (article: BizArticleSummary) => string;
  searching: boolean;
  showStatus?: boolean;
  showCategory?: boolean;
  actions?: (article: BizArticleSummary) => ReactNode;
};

/** A page of articles as cards: the title leads to the article; loading, empty and error states. */
export function ArticleList({ query, page, onPage, hrefOf, searching, showStatus = false, showCategory = false, actions }: Props) {
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading articles">
        {[0, 1, 2].map((i) => <Skeleton key={i} h={84} radius="md" />)}
      </Stack>
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} title="Could not load the articles" />;
  const { results, totalCount, limit } = query.data;
  if (results.length === 0) {
    return searching
      ? <EmptyCard icon={<IconArticle size={28} />} title="No articles found" description="No article matches your search. Try other words." />
      : <EmptyCard icon={<IconArticle size={28} />} title="No articles yet" description="There are no articles here yet." />;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">{totalCount === 1 ? '1 article' : `${totalCount} articles`}</Text>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {results.map((article) => (
          <Card key={article._id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Title order={3} size="h5">
                    <Anchor component={Link} to={hrefOf(article)} inherit>{article.title}</Anchor>
                  </Title>
                  {showStatus && <ArticleStatusBadge published={article.published} />}
                </Group>
                {showCategory && <Text size="xs" c="dimmed">{article.categoryName}</Text>}
                {article.summary && <Text size="sm">{article.summary}</Text>}
              </Stack>
              {actions?.(article)}
            </Group>
          </Card>
        ))}
      </Stack>
      <ListPagination page={page} totalPages={Math.ceil(totalCount / limit)} onChange={onPage} />
    </Stack>
  );
}
