import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './AppModal';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is asked: a sentence, or any node (e.g. the reason it cannot be done). */
  children: ReactNode;
  /** Without it only the close button shows: there is nothing left to confirm. */
  onConfirm?: () => void;
  loading: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red for what cannot be undone; the primary colour otherwise. */
  danger?: boolean;
};

/** Asks before an action: the question, Cancel, and the action with its loading state. */
export function ConfirmModal({
  opened, onClose, title, children, onConfirm, loading, confirmLabel = 'Delete', cancelLabel = 'Cancel', danger = true,
}: Props) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="lg">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel}
          </Button>
          {onConfirm && (
            <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
              {confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
