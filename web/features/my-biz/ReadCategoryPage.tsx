import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SearchInput } from '../../components/ListFilters';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { IconBriefcase } from '@tabler/icons-react';
import { useBizArticle, useBizCategories } from './api';
import { ArticleList } from './ArticleList';
import { ArticleView } from './ArticleView';
import { CategoryLinks } from './CategoryLinks';
import { READ_HOME_PATH, readArticlePath, readCategoryPath } from './paths';
import { useArticleSearch } from './useArticleSearch';

function OpenArticle({ id, categoryId }: { id: string; categoryId: string }) {
  const article = useBizArticle(id);
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={readCategoryPath(categoryId)} size="sm">
        <Group gap={4} component="span"><IconArrowLeft size={16} />All articles of this category</Group>
      </Anchor>
      <QueryContent query={article} loadingLabel="Loading the article" errorTitle="Could not load the article">
        {(a) => (
          <Card withBorder radius="md" padding="lg">
            <ArticleView article={a} />
          </Card>
        )}
      </QueryContent>
    </Stack>
  );
}

/** /category/{id} (admins, sub-admins, teachers): a category's published articles, searchable; `?article=` opens one. */
export default function ReadCategoryPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const articleId = params.get('article');
  const categories = useBizCategories();
  const category = categories.data?.find((c) => c._id === id);
  const list = useArticleSearch(id, articleId === null);
  return (
    <Stack gap="lg">
      <PageHeader title={category ? category.name : 'Build My Biz'} subtitle={category?.description || undefined}
        actions={<Anchor component={Link} to={READ_HOME_PATH} size="sm"><Group gap={4} component="span"><IconArrowLeft size={16} />Build My Biz</Group></Anchor>} />
      {categories.data && <CategoryLinks categories={categories.data} selectedId={id} hrefOf={(c) => readCategoryPath(c._id)} />}
      {categories.data && !category ? (
        <EmptyCard icon={<IconBriefcase size={28} />} title="Category not found" description="This category does not exist any more." />
      ) : articleId ? (
        <OpenArticle id={articleId} categoryId={id} />
      ) : (
        <>
          <SearchInput label="Search articles" placeholder="Title or words of the article" value={list.search} onChange={list.setSearch} maw={420} />
          <ArticleList query={list.query} page={list.page} onPage={list.setPage} searching={list.searching} hrefOf={readArticlePath} />
        </>
      )}
      <Text size="xs" c="dimmed">Articles are written by your provider.</Text>
    </Stack>
  );
}
