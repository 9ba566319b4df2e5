import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { BizArticleSummary, BizCategory } from '../../../shared/contracts/my-biz';
import { ConfirmModal } from '../../components/ConfirmModal';
import { SearchInput } from '../../components/ListFilters';
import { FormSkeleton } from '../../components/QueryContent';
import { QueryError } from '../../components/QueryError';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { RowAction, RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useBizCategories, useDeleteArticle, useDeleteCategory } from './api';
import { ArticleFormModal, type ArticleEditing } from './ArticleFormModal';
import { ArticleList } from './ArticleList';
import { CategoryFormModal, type CategoryEditing } from './CategoryFormModal';
import { CategoryLinks } from './CategoryLinks';
import { articleDetailsPath, manageCategoryPath } from './paths';
import { useArticleSearch } from './useArticleSearch';

function CategoryArticles({ category, categories }: { category: BizCategory; categories: BizCategory[] }) {
  const navigate = useNavigate();
  const list = useArticleSearch(category._id);
  const [editingCategory, setEditingCategory] = useState<CategoryEditing>(null);
  const [editingArticle, setEditingArticle] = useState<ArticleEditing>(null);
  const [deletingCategory, setDeletingCategory] = useState(false);
  const [deletingArticle, setDeletingArticle] = useState<BizArticleSummary | null>(null);
  const removeCategory = useDeleteCategory();
  const removeArticle = useDeleteArticle();

  const confirmCategory = () => removeCategory.mutate(category._id, {
    onSuccess: (r) => { notifySuccess(r.message); setDeletingCategory(false); void navigate(manageCategoryPath(categories.find((c) => c._id !== category._id)?._id ?? '1'), { replace: true }); },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const confirmArticle = () => deletingArticle && removeArticle.mutate(deletingArticle._id, {
    onSuccess: (r) => { notifySuccess(r.message); setDeletingArticle(null); },
    onError: (e) => notifyError(errorMessage(e)),
  });

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={2} size="h3">{category.name}</Title>
            {category.description && <Text size="sm" c="dimmed">{category.description}</Text>}
          </Stack>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditingCategory({ mode: 'edit', category })}>Edit category</Button>
            <Button variant="default" color="red.9" leftSection={<IconTrash size={16} />} onClick={() => setDeletingCategory(true)}>Delete category</Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditingArticle({ mode: 'add' })}>Add article</Button>
          </Group>
        </Group>
      </Card>
      <SearchInput label="Search articles" placeholder="Title or words of the article" value={list.search} onChange={list.setSearch} maw={420} />
      <ArticleList
        query={list.query}
        page={list.page}
        onPage={list.setPage}
        searching={list.searching}
        hrefOf={(a) => articleDetailsPath(a._id)}
        showStatus
        actions={(a) => (
          <RowActions>
            <RowAction label="Delete" ariaLabel={`Delete ${a.title}`} icon={<IconTrash size={18} />} color="red.9" onClick={() => setDeletingArticle(a)} />
          </RowActions>
        )}
      />
      <CategoryFormModal editing={editingCategory} onClose={() => setEditingCategory(null)} />
      <ArticleFormModal editing={editingArticle} categories={categories} categoryId={category._id} onClose={() => setEditingArticle(null)} />
      <ConfirmModal opened={deletingCategory} onClose={() => setDeletingCategory(false)} title="Delete category" onConfirm={confirmCategory} loading={removeCategory.isPending}>
        {`Delete ${category.name} and its ${category.articleCount === 1 ? 'article' : `${category.articleCount} articles`}? This cannot be undone.`}
      </ConfirmModal>
      <ConfirmModal opened={deletingArticle !== null} onClose={() => setDeletingArticle(null)} title="Delete article" onConfirm={confirmArticle} loading={removeArticle.isPending}>
        {`Delete ${deletingArticle?.title ?? 'this article'}? This cannot be undone.`}
      </ConfirmModal>
    </Stack>
  );
}

/**
 * /MyBiz/category/{id} (superadmin): Build My Biz's categories and the chosen one's articles, to
 * write, publish and delete. The menu opens /MyBiz/category/1, "the first category": an id that
 * is no category shows the first.
 */
export default function ManageBizPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const categories = useBizCategories();
  const [adding, setAdding] = useState<CategoryEditing>(null);
  const list = categories.data ?? [];
  const selected = list.find((c) => c._id === id) ?? list[0];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Build My Biz"
        subtitle="Articles that help schools grow: marketing, pricing, recruiting, recitals. Schools see the published ones."
        actions={<Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding({ mode: 'add' })}>Add category</Button>}
      />
      {categories.isPending ? (
        <FormSkeleton label="Loading categories" rows={4} />
      ) : categories.isError ? (
        <QueryError error={categories.error} onRetry={() => void categories.refetch()} title="Could not load the categories" />
      ) : !selected ? (
        <EmptyCard icon={<IconBriefcase size={28} />} title="No categories yet" description="Add a category, then write its first article." />
      ) : (
        <>
          <CategoryLinks categories={list} selectedId={selected._id} hrefOf={(c) => manageCategoryPath(c._id)} />
          <CategoryArticles key={selected._id} category={selected} categories={list} />
        </>
      )}
      <CategoryFormModal editing={adding} onClose={(saved) => { setAdding(null); if (saved) void navigate(manageCategoryPath(saved._id)); }} />
      <Text size="xs" c="dimmed">
        Files come from your <Link to="/learning/library">Library</Link>.
      </Text>
    </Stack>
  );
}
