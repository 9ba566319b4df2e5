import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconVolume, IconX } from '@tabler/icons-react';
import type { AnswerResult, Question } from '../../../shared/contracts/ear-trainer';

type Props = {
  question: Question;
  /** The answer the student chose (shown red when wrong). */
  chosen: string | null;
  result: AnswerResult | null;
  answering: boolean;
  onPlay: () => void;
  onReference: () => void;
  onAnswer: (key: string) => void;
  onNext: () => void;
  nextPending: boolean;
};

/** One question: its prompt, the sounds, the answer buttons, and right or wrong at once. */
export function QuestionCard({ question, chosen, result, answering, onPlay, onReference, onAnswer, onNext, nextPending }: Props) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h3">{question.prompt}</Title>
        <Text size="sm" c="dimmed">Listen, then choose what you hear.</Text>
        <Group gap="sm">
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={onPlay}>Play again</Button>
          <Button variant="default" leftSection={<IconVolume size={16} />} onClick={onReference}>Reference tone</Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" role="group" aria-label="Answers">
          {question.options.map((o) => {
            // Once answered the buttons stay readable: the right answer green, a wrong choice red.
            const isRight = result?.answer.key === o.key;
            const isWrongChoice = result !== null && !result.correct && chosen === o.key;
            const color = isRight ? 'teal.9' : isWrongChoice ? 'red.9' : undefined;
            const locked = result !== null || answering;
            return (
              <Button key={o.key} variant={color ? 'filled' : 'light'} color={color} aria-disabled={locked || undefined}
                onClick={() => { if (!locked) onAnswer(o.key); }}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }} h="auto" mih={40} py={6}>
                {o.label}
              </Button>
            );
          })}
        </SimpleGrid>
        {result && (
          <Alert role="status" color={result.correct ? 'green' : 'red'} icon={result.correct ? <IconCheck size={18} /> : <IconX size={18} />}
            // The title in the page's text colour: Mantine's green on light green is below 4.5:1.
            title={result.correct ? 'Right!' : 'Not quite'} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {result.correct ? `${result.answer.label}.` : `It was ${result.answer.label}. Listen again: it is playing now.`}
          </Alert>
        )}
        {result && (
          <Group>
            <Button onClick={onNext} loading={nextPending} data-autofocus>Next question</Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
