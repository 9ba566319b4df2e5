import { Button, Group, Stack, Text } from '@mantine/core';
import type { Scope } from '../../../shared/contracts/scheduling';
import { AppModal } from '../../components/AppModal';

type Props = { opened: boolean; pending: boolean; onChoose: (scope: Scope) => void; onCancel: () => void };

/** A recurring lesson was dragged: move it alone or with the lessons after it (Cancel puts it back). */
export function MoveScopeModal({ opened, pending, onChoose, onCancel }: Props) {
  return (
    <AppModal opened={opened} onClose={onCancel} title="Move lesson">
      <Stack gap="lg">
        <Text size="sm">Move only this lesson or this and all following lessons?</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => onChoose('this')} loading={pending} data-autofocus>
            This lesson
          </Button>
          <Button onClick={() => onChoose('following')} disabled={pending}>
            This and following
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
