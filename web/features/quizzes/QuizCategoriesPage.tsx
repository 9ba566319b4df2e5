import { Badge, Button, Card, Chip, Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { AttemptResult, PublishedQuiz, StartedAttempt } from '../../../shared/contracts/quizzes';
import { FormFailure } from '../../components/FormParts';
import { ListPagination } from '../../components/ListPagination';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { QUIZ_PAGE_SIZE, usePublishedQuizzes, useQuizCategories, useStartAttempt, useSubmitAttempt } from './api';
import { AttemptResultView } from './AttemptResultView';
import { TakeQuizForm } from './TakeQuizForm';

function QuizCard({ quiz, onTake, starting }: { quiz: PublishedQuiz; onTake: () => void; starting: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={quiz.title}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4">{quiz.title}</Title>
          {quiz.category && <Badge variant="light">{quiz.category.name}</Badge>}
        </Group>
        {quiz.description && <Text size="sm" c="dimmed">{quiz.description}</Text>}
        <Text size="sm">{quiz.questionCount} questions · {quiz.timeLimit ? `${quiz.timeLimit} minutes` : 'No time limit'}</Text>
        <Text size="sm">
          {quiz.attempts === 0 ? 'Not taken yet' : `Best ${quiz.bestPercent}% · Last ${quiz.lastPercent}% · ${quiz.attempts} ${quiz.attempts === 1 ? 'attempt' : 'attempts'}`}
        </Text>
        <Group mt="auto">
          <Button onClick={onTake} loading={starting} aria-label={`${quiz.attempts === 0 ? 'Take' : 'Retake'} ${quiz.title}`}>
            {quiz.attempts === 0 ? 'Take quiz' : 'Retake'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

type View = { kind: 'list' } | { kind: 'taking'; attempt: StartedAttempt } | { kind: 'result'; result: AttemptResult; quizId: string };

/** /quizCategories (students): the published quizzes by category; take one, see the score and why, retake. */
export default function QuizCategoriesPage() {
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [failure, setFailure] = useState<string | null>(null);
  const categories = useQuizCategories();
  const list = usePublishedQuizzes({ page, categoryId });
  const start = useStartAttempt();
  const submit = useSubmitAttempt();
  const { results, totalPages } = usePagedResults(list.data, QUIZ_PAGE_SIZE, page, setPage);

  const take = (quizId: string) => {
    setFailure(null);
    start.mutate(quizId, {
      onSuccess: (r) => { setView({ kind: 'taking', attempt: r.data }); window.scrollTo(0, 0); },
      onError: (e) => notifyError(errorMessage(e)),
    });
  };

  if (view.kind === 'taking') {
    const { attempt } = view;
    return (
      <Stack gap="lg">
        <PageHeader title={attempt.quiz.title} subtitle={attempt.quiz.description || undefined} />
        <Group><Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setView({ kind: 'list' })}>Back to quizzes</Button></Group>
        <FormFailure message={failure} title="Could not submit" />
        <TakeQuizForm quiz={attempt.quiz} deadlineAt={attempt.deadlineAt} pending={submit.isPending}
          onSubmit={(answers) => submit.mutate({ attemptId: attempt.attemptId, answers }, {
            onSuccess: (r) => { notifySuccess(r.message); setView({ kind: 'result', result: r.data, quizId: attempt.quiz._id }); window.scrollTo(0, 0); },
            onError: (e) => setFailure(errorMessage(e)),
          })} />
      </Stack>
    );
  }

  if (view.kind === 'result') {
    return (
      <Stack gap="lg">
        <PageHeader title={view.result.quizTitle} subtitle="Your result" />
        {/* Under the title, not beside it: two buttons beside a long title overflow a phone. */}
        <Group gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setView({ kind: 'list' })}>Back to quizzes</Button>
          <Button onClick={() => take(view.quizId)} loading={start.isPending}>Retake</Button>
        </Group>
        <AttemptResultView result={view.result} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Quizzes" subtitle="Theory quizzes: read the staff, listen, and see what you know." />
      {categories.isPending ? <Skeleton h={32} w={300} /> : categories.data && categories.data.length > 0 && (
        <Chip.Group value={categoryId ?? 'all'} onChange={(v) => { setCategoryId(v === 'all' ? null : String(v)); setPage(1); }}>
          <Group gap="xs" role="group" aria-label="Category">
            <Chip value="all">All categories</Chip>
            {categories.data.map((c) => <Chip key={c._id} value={c._id}>{c.name} ({c.quizCount})</Chip>)}
          </Group>
        </Chip.Group>
      )}
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="Could not load the quizzes" />
      ) : list.isPending ? (
        <Group justify="center" p="xl"><Loader aria-label="Loading the quizzes" /></Group>
      ) : results.length === 0 ? (
        <EmptyCard icon={<IconListCheck size={28} />} title="No quizzes yet" description="Published quizzes appear here." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={list.isFetching}>
          {results.map((q) => <QuizCard key={q._id} quiz={q} onTake={() => take(q._id)} starting={start.isPending && start.variables === q._id} />)}
        </SimpleGrid>
      )}
      {totalPages > 1 && <ListPagination page={page} totalPages={totalPages} onChange={setPage} />}
    </Stack>
  );
}
