import { Alert, Button, Group, Text } from '@mantine/core';
import type { Scope } from '../../../shared/contracts/scheduling';

type Props = {
  question: string;
  onChoose: (scope: Scope) => void;
  onBack: () => void;
  backLabel?: string;
  pending?: boolean;
};

/** A change to a recurring lesson: this one, or this one and all that follow. */
export function ScopeQuestion({ question, onChoose, onBack, backLabel = 'Cancel', pending = false }: Props) {
  return (
    <Alert color="blue" variant="light" role="group" aria-label="Which lessons">
      <Text size="sm" mb="sm">
        {question}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={pending}>
          {backLabel}
        </Button>
        {/* "This lesson" is the primary choice: the following lessons change only when asked. */}
        <Button variant="default" onClick={() => onChoose('following')} disabled={pending}>
          This and following
        </Button>
        <Button onClick={() => onChoose('this')} loading={pending} data-autofocus>
          This lesson
        </Button>
      </Group>
    </Alert>
  );
}
