import { Alert, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { AttemptResult } from '../../../shared/contracts/quizzes';
import { QuestionBody } from './QuestionBody';

/** A submitted attempt: the score the server gave, then every question with the student's answer, the right one and why. */
export function AttemptResultView({ result }: { result: AttemptResult }) {
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap={4}>
          <Title order={2} size="h3">Your score: {result.score} of {result.total} ({result.percent}%)</Title>
          <Text size="sm" c="dimmed">{result.quizTitle}</Text>
        </Stack>
      </Card>
      {result.timedOut && <Alert color="orange" variant="light" title="Time is up">The answers were sent after the time limit, so they were not counted.</Alert>}
      {result.answers.map((a, i) => (
        <Card key={a._id} withBorder radius="md" padding="md" aria-label={`Question ${i + 1}: ${a.isCorrect ? 'right' : 'wrong'}`} component="section">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <QuestionBody question={a} number={i + 1} />
              <Badge color={a.isCorrect ? 'teal.9' : 'red.9'} variant="light" leftSection={a.isCorrect ? <IconCheck size={14} /> : <IconX size={14} />}>
                {a.isCorrect ? 'Right' : 'Wrong'}
              </Badge>
            </Group>
            <List size="sm" spacing={4} listStyleType="none">
              {a.answers.map((text, j) => {
                const chosen = a.chosen.includes(j);
                const correct = a.correct.includes(j);
                return (
                  <List.Item key={j}>
                    <Text size="sm" fw={correct ? 600 : 400} c={correct ? 'teal.9' : chosen ? 'red.9' : undefined}>
                      {text}{chosen ? ' (your answer)' : ''}{correct ? ' (correct)' : ''}
                    </Text>
                  </List.Item>
                );
              })}
            </List>
            {a.explanation && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}><Text span fw={600}>Explanation: </Text>{a.explanation}</Text>}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
