import { Alert, Badge, Button, Card, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import type { TakeQuiz } from '../../../shared/contracts/quizzes';
import { ConfirmModal } from '../../components/ConfirmModal';
import { QuestionBody } from './QuestionBody';

type Answers = Record<string, number[]>;

/** "2 of 6 questions are unanswered. Submit anyway?" */
export const unansweredQuestion = (unanswered: number, total: number) =>
  `${unanswered} of ${total} ${total === 1 ? 'question' : 'questions'} ${unanswered === 1 ? 'is' : 'are'} unanswered. Submit anyway?`;

function Countdown({ deadlineAt }: { deadlineAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  const left = Math.max(0, Math.round((new Date(deadlineAt).getTime() - now) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <Badge size="lg" variant="light" color={left < 60 ? 'red.9' : 'blue.9'} leftSection={<IconClock size={14} />} role="timer" aria-label={`Time left ${text}`}>
      {left === 0 ? 'Time is up' : `${text} left`}
    </Badge>
  );
}

/**
 * A quiz as a student takes it: one radio group or checkbox group a question. In preview (no
 * onSubmit) the superadmin sees exactly this, and nothing is stored.
 */
export function TakeQuizForm({ quiz, deadlineAt, onSubmit, pending }: {
  quiz: TakeQuiz; deadlineAt?: string | null; onSubmit?: (answers: { questionId: string; chosen: number[] }[]) => void; pending?: boolean;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const set = (id: string, chosen: number[]) => setAnswers((all) => ({ ...all, [id]: chosen }));
  const answered = quiz.questions.filter((q) => (answers[q._id] ?? []).length > 0).length;

  const [asking, setAsking] = useState(false);
  const unanswered = quiz.questions.length - answered;

  const send = () => {
    setAsking(false);
    onSubmit?.(quiz.questions.map((q) => ({ questionId: q._id, chosen: answers[q._id] ?? [] })));
  };
  // An unanswered question scores nothing: asked first, so that a skipped one is not sent by mistake.
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (unanswered > 0) setAsking(true);
    else send();
  };

  return (
    <form onSubmit={submit} aria-label={quiz.title} noValidate>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">{answered} of {quiz.questions.length} answered</Text>
          {deadlineAt && <Countdown deadlineAt={deadlineAt} />}
        </Group>
        {quiz.questions.map((q, i) => (
          <Card key={q._id} withBorder radius="md" padding="md">
            <Stack gap="sm">
              <QuestionBody question={q} number={i + 1} />
              {q.kind === 'multiple' ? (
                <Checkbox.Group aria-label={`Answers of question ${i + 1}`} value={(answers[q._id] ?? []).map(String)} onChange={(v) => set(q._id, v.map(Number).sort())}>
                  <Stack gap={6} mt={4}>
                    {q.answers.map((a, j) => <Checkbox key={j} value={String(j)} label={a} />)}
                  </Stack>
                </Checkbox.Group>
              ) : (
                <Radio.Group aria-label={`Answers of question ${i + 1}`} value={answers[q._id]?.[0] !== undefined ? String(answers[q._id]![0]) : null} onChange={(v) => set(q._id, [Number(v)])}>
                  <Stack gap={6} mt={4}>
                    {q.answers.map((a, j) => <Radio key={j} value={String(j)} label={a} />)}
                  </Stack>
                </Radio.Group>
              )}
            </Stack>
          </Card>
        ))}
        {onSubmit ? (
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>Submit answers</Button>
            <ConfirmModal
              opened={asking}
              onClose={() => setAsking(false)}
              title="Submit with unanswered questions?"
              onConfirm={send}
              loading={false}
              confirmLabel="Submit anyway"
              cancelLabel="Keep answering"
              danger={false}
            >
              {unansweredQuestion(unanswered, quiz.questions.length)}
            </ConfirmModal>
          </Group>
        ) : (
          <Alert variant="light" color="gray">Preview: this is what a student sees. Answers are not stored.</Alert>
        )}
      </Stack>
    </form>
  );
}
