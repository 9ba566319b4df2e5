import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconEye, IconPencil, IconPlus, IconWorldUpload, IconFileOff } from '@tabler/icons-react';
import { useState } from 'react';
import { QUESTION_KIND_LABELS, type QuizDetail, type QuizQuestion } from '../../../shared/contracts/quizzes';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useConfirmedDelete } from '../../lib/useConfirmedDelete';
import { usePreview, usePublishQuiz, useQuiz, useRemoveQuestion } from './api';
import { QuestionBody } from './QuestionBody';
import { QuestionFormModal, type QuestionEditing } from './QuestionFormModal';
import { QuizFormModal, type QuizEditing } from './QuizFormModal';
import { TakeQuizForm } from './TakeQuizForm';

function QuestionCard({ question, number, onEdit, onDelete }: { question: QuizQuestion; number: number; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`Question ${number}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Badge variant="outline" color="gray.7" tt="none">{QUESTION_KIND_LABELS[question.kind]}</Badge>
          <RowActions>
            <EditAction name={`question ${number}`} onClick={onEdit} />
            <DeleteAction name={`question ${number}`} onClick={onDelete} />
          </RowActions>
        </Group>
        <QuestionBody question={question} number={number} />
        <List size="sm" spacing={2}>
          {question.answers.map((a, i) => (
            <List.Item key={i}><Text size="sm" fw={question.correct.includes(i) ? 600 : 400}>{a}{question.correct.includes(i) ? ' (correct)' : ''}</Text></List.Item>
          ))}
        </List>
        {question.explanation && <Text size="sm" c="dimmed">{question.explanation}</Text>}
      </Stack>
    </Card>
  );
}

function PreviewModal({ quizId, onClose }: { quizId: string | null; onClose: () => void }) {
  const preview = usePreview(quizId);
  return (
    <AppModal opened={quizId !== null} onClose={onClose} title="Preview as a student" size="xl">
      <QueryContent query={preview} loadingLabel="Loading the preview" errorTitle="Could not load the preview">
        {(quiz) => <TakeQuizForm quiz={quiz} deadlineAt={quiz.timeLimit ? new Date(Date.now() + quiz.timeLimit * 60_000).toISOString() : null} />}
      </QueryContent>
    </AppModal>
  );
}

function Editor({ quiz, onBack }: { quiz: QuizDetail; onBack: () => void }) {
  const [editingQuiz, setEditingQuiz] = useState<QuizEditing>(null);
  const [editing, setEditing] = useState<QuestionEditing>(null);
  const [previewing, setPreviewing] = useState(false);
  const publish = usePublishQuiz();
  const remove = useRemoveQuestion();
  const { deleting, setDeleting, dialog } = useConfirmedDelete<QuizQuestion>(remove);
  const published = quiz.status === 'published';

  const togglePublished = () => publish.mutate({ quizId: quiz._id, published: !published }, {
    onSuccess: (r) => notifySuccess(r.message),
    onError: (e) => notifyError(errorMessage(e)),
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title={quiz.title}
        subtitle={
          <Group gap="xs">
            <Badge color={published ? 'teal.9' : 'gray.7'} variant={published ? 'light' : 'outline'}>{published ? 'Published' : 'Draft'}</Badge>
            <Text size="sm" c="dimmed">{quiz.category?.name} · {quiz.questionCount} questions · {quiz.timeLimit ? `${quiz.timeLimit} minutes` : 'No time limit'}</Text>
          </Group>
        }
      />
      {/* Under the title, not beside it: four buttons beside a title overflow a phone. */}
      <Group gap="sm">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>All quizzes</Button>
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditingQuiz({ mode: 'edit', quiz })}>Edit details</Button>
            <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => setPreviewing(true)}>Preview as a student</Button>
            <Button variant={published ? 'default' : 'filled'} color={published ? undefined : 'teal.9'} loading={publish.isPending}
              leftSection={published ? <IconFileOff size={16} /> : <IconWorldUpload size={16} />} onClick={togglePublished}>
              {published ? 'Move to draft' : 'Publish'}
            </Button>
      </Group>
      {quiz.description && <Text size="sm">{quiz.description}</Text>}
      <Group justify="space-between">
        <Text fw={600}>Questions</Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>Add question</Button>
      </Group>
      {quiz.questions.length === 0 && <Text size="sm" c="gray.7">No questions yet: add one, then publish the quiz.</Text>}
      {quiz.questions.map((q, i) => (
        <QuestionCard key={q._id} question={q} number={i + 1} onEdit={() => setEditing({ mode: 'edit', question: q })} onDelete={() => setDeleting(q)} />
      ))}
      <QuizFormModal editing={editingQuiz} onClose={() => setEditingQuiz(null)} />
      <QuestionFormModal quizId={quiz._id} editing={editing} onClose={() => setEditing(null)} />
      <PreviewModal quizId={previewing ? quiz._id : null} onClose={() => setPreviewing(false)} />
      <ConfirmModal {...dialog} title="Delete question">
        {deleting ? `Delete the question “${deleting.prompt}”?` : ''}
      </ConfirmModal>
    </Stack>
  );
}

/** One quiz with its questions: the superadmin's editor. */
export function QuizEditor({ quizId, onBack }: { quizId: string; onBack: () => void }) {
  const quiz = useQuiz(quizId);
  return (
    <QueryContent query={quiz} loadingLabel="Loading the quiz" errorTitle="Could not load the quiz">
      {(data) => <Editor quiz={data} onBack={onBack} />}
    </QueryContent>
  );
}
