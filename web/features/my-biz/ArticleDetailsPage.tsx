import { Anchor, Button, Card, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { useBizArticle, useBizCategories } from './api';
import { ArticleFormModal, type ArticleEditing } from './ArticleFormModal';
import { ArticleView } from './ArticleView';
import { manageCategoryPath } from './paths';

/** /build-my-biz/view-details/{id} (superadmin): an article as schools will read it, with Edit. */
export default function ArticleDetailsPage() {
  const { id } = useParams();
  const article = useBizArticle(id ?? null);
  const categories = useBizCategories();
  const [editing, setEditing] = useState<ArticleEditing>(null);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Build My Biz Details"
        actions={article.data && (
          <Group gap="xs">
            <Anchor component={Link} to={manageCategoryPath(article.data.categoryId)} size="sm">
              <Group gap={4} component="span"><IconArrowLeft size={16} />Back to {article.data.categoryName}</Group>
            </Anchor>
            <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing({ mode: 'edit', article: article.data })} disabled={!categories.data}>
              Edit article
            </Button>
          </Group>
        )}
      />
      <QueryContent query={article} loadingLabel="Loading the article" errorTitle="Could not load the article">
        {(a) => (
          <Card withBorder radius="md" padding="lg">
            <ArticleView article={a} showStatus />
          </Card>
        )}
      </QueryContent>
      <ArticleFormModal editing={editing} categories={categories.data ?? []} categoryId={article.data?.categoryId ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
