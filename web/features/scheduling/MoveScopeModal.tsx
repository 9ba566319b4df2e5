import { Button, Group, Stack, Text } from '@mantine/core';
import type { Scope } from '../../../shared/contracts/scheduling';
import { AppModal } from '../../components/AppModal';
import { formatLessonWhen } from './lessonFormat';

type Span = { start: string; end: string };
type Props = {
  opened: boolean;
  pending: boolean;
  /** From when to when the lesson moves (ISO with the school's offset). */
  fromTo: { from: Span; to: Span } | null;
  onChoose: (scope: Scope) => void;
  onCancel: () => void;
};

/**
 * A recurring lesson was dragged: the dialog says from when to when, and "This lesson" is the
 * first choice; the lessons after it move only when asked (Cancel puts it back).
 */
export function MoveScopeModal({ opened, pending, fromTo, onChoose, onCancel }: Props) {
  return (
    <AppModal opened={opened} onClose={onCancel} title="Move lesson">
      <Stack gap="lg">
        {fromTo && (
          <div role="group" aria-label="The move">
            <Text size="sm">
              From <strong>{formatLessonWhen(fromTo.from.start, fromTo.from.end)}</strong>
            </Text>
            <Text size="sm">
              To <strong>{formatLessonWhen(fromTo.to.start, fromTo.to.end)}</strong>
            </Text>
          </div>
        )}
        <Text size="sm">Move only this lesson or this and all following lessons?</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="default" onClick={() => onChoose('following')} disabled={pending}>
            This and following
          </Button>
          <Button onClick={() => onChoose('this')} loading={pending} data-autofocus>
            This lesson
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
