import { Badge, Button, EmptyState, Group, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconCategory, IconListCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { QUIZ_STATUSES, type QuizStatus, type QuizSummary } from '../../../shared/contracts/quizzes';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { useConfirmedDelete } from '../../lib/useConfirmedDelete';
import { useListState, usePagedResults } from '../../lib/useListState';
import { QUIZ_PAGE_SIZE, useQuizCategories, useQuizList, useRemoveQuiz } from './api';
import { QuizCategoriesModal } from './QuizCategoriesModal';
import { QuizEditor } from './QuizEditor';
import { QuizFormModal, type QuizEditing } from './QuizFormModal';

const STATUS_LABELS: Record<QuizStatus, string> = { draft: 'Draft', published: 'Published' };

/** /quizzes (the superadmin's): quiz categories and quizzes, twenty a page; a quiz opens in its editor. */
export default function QuizzesPage() {
  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [categoryId, setCategoryIdRaw] = useState<string | null>(null);
  const [status, setStatusRaw] = useState<QuizStatus | null>(null);
  const setCategoryId = filterSetter(setCategoryIdRaw);
  const setStatus = filterSetter(setStatusRaw);
  const [openQuiz, setOpenQuiz] = useState<string | null>(null);
  const [editing, setEditing] = useState<QuizEditing>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const categories = useQuizCategories();
  const list = useQuizList({ page, search: debouncedSearch, categoryId, status });
  const remove = useRemoveQuiz();
  const { deleting, setDeleting, dialog } = useConfirmedDelete<QuizSummary>(remove);
  const { results, totalPages } = usePagedResults(list.data, QUIZ_PAGE_SIZE, page, setPage);
  const filtered = search !== '' || categoryId !== null || status !== null;

  if (openQuiz) return <QuizEditor quizId={openQuiz} onBack={() => setOpenQuiz(null)} />;

  return (
    <Stack gap="lg">
      <PageHeader title="Quizzes" subtitle="Theory quizzes for every school’s students: write them, preview them, publish them."
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconCategory size={16} />} onClick={() => setCategoriesOpen(true)}>Categories</Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>Add quiz</Button>
          </Group>
        } />
      <ListFilters filtered={filtered} onClear={() => { setSearch(''); setCategoryId(null); setStatus(null); }}>
        <SearchInput label="Search" placeholder="Quiz title" value={search} onChange={setSearch} />
        <Select label="Category" placeholder="All categories" clearable data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          value={categoryId} onChange={setCategoryId} />
        <Select label="Status" placeholder="All" clearable data={QUIZ_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={status} onChange={(v) => setStatus(v as QuizStatus | null)} />
      </ListFilters>
      <ListCard>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Title', 'Category', 'Questions', 'Time limit', 'Status', 'Actions']}
          errorTitle="Could not load the quizzes"
          empty={<EmptyState icon={<IconListCheck size={28} />} title={filtered ? 'No quizzes match' : 'No quizzes yet'}
            description={filtered ? 'Try another search or filter.' : 'Add a category, then a quiz with its questions.'} />}
          minWidth={760}
          label="Quizzes"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((q) => (
            <Table.Tr key={q._id}>
              <Table.Td>
                <UnstyledButton onClick={() => setOpenQuiz(q._id)} aria-label={`Open ${q.title}`}>
                  <Text size="sm" fw={500} c="blue.8">{q.title}</Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td><Text size="sm">{q.category?.name ?? ''}</Text></Table.Td>
              <Table.Td><Text size="sm">{q.questionCount}</Text></Table.Td>
              <Table.Td><Text size="sm">{q.timeLimit ? `${q.timeLimit} min` : 'None'}</Text></Table.Td>
              <Table.Td><Badge color={q.status === 'published' ? 'teal.9' : 'gray.7'} variant={q.status === 'published' ? 'light' : 'outline'}>{STATUS_LABELS[q.status]}</Badge></Table.Td>
              <Table.Td>
                <RowActions>
                  <EditAction name={q.title} onClick={() => setOpenQuiz(q._id)} />
                  <DeleteAction name={q.title} onClick={() => setDeleting(q)} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <QuizFormModal editing={editing} onClose={() => setEditing(null)} onSaved={(id) => setOpenQuiz(id)} />
      <QuizCategoriesModal opened={categoriesOpen} onClose={() => setCategoriesOpen(false)} />
      <ConfirmModal {...dialog} title="Delete quiz" danger>
        {deleting ? `Delete ${deleting.title}? Its questions and every student’s attempts go with it.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
