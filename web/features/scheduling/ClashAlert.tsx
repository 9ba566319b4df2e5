import { Button, Group, Stack } from '@mantine/core';
import { FormFailure } from '../../components/FormParts';

/** A refused booking: the server's message naming the clash, and the values to resend. */
export type ClashState<V> = { message: string; roomOnly: boolean; values: V };

/** The clash; the office may book a room that is taken anyway (never a teacher or a student). */
export function ClashAlert({ clash, pending, onBookAnyway }: { clash: ClashState<unknown>; pending: boolean; onBookAnyway: () => void }) {
  return (
    <Stack gap="xs">
      <FormFailure message={clash.message} />
      {clash.roomOnly && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onBookAnyway} loading={pending}>
            Book anyway
          </Button>
        </Group>
      )}
    </Stack>
  );
}
