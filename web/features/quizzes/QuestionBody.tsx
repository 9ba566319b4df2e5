import { Stack, Text } from '@mantine/core';
import type { TakeQuestion } from '../../../shared/contracts/quizzes';
import { SoundButton } from './SoundButton';
import { StaffView } from './StaffView';

/** A question's prompt with what goes with it: the staff it names, or the sound to hear. */
export function QuestionBody({ question, number }: { question: TakeQuestion; number: number }) {
  return (
    <Stack gap="xs">
      <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>{number}. {question.prompt}</Text>
      {question.kind === 'multiple' && <Text size="sm" c="dimmed">Choose every answer that is right.</Text>}
      {question.notation && <StaffView notation={question.notation} label={`Staff of question ${number}`} />}
      {question.sound && <SoundButton sound={question.sound} label={`Play the sound of question ${number}`} />}
    </Stack>
  );
}
