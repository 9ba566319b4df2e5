import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { CLOSE_BUTTON_PROPS } from '../../../components/AppModal';

type Props = {
  outcome: { kind: 'success' | 'failure'; message: string } | null;
  onClose: () => void;
};

/**
 * The pay page's answers (docs/domains/billing.md "Rules", "Messages"): success shows the server's message in a dialog
 * that a click outside does not close and that has no confirm button (its close button and
 * Escape remain, for keyboards); a failure shows the server's message in an error dialog.
 */
export function PayResultDialogs({ outcome, onClose }: Props) {
  // The message stays while the dialog fades out.
  const [last, setLast] = useState(outcome);
  if (outcome && outcome !== last) setLast(outcome);
  return (
    <>
      <Modal
        opened={outcome?.kind === 'success'}
        onClose={onClose}
        closeOnClickOutside={false}
        closeButtonProps={CLOSE_BUTTON_PROPS}
        centered
        title="Payment successful"
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden style={{ flex: 'none' }} />
          <Text>{last?.message}</Text>
        </Group>
      </Modal>
      <Modal opened={outcome?.kind === 'failure'} onClose={onClose} closeButtonProps={CLOSE_BUTTON_PROPS} centered title="Payment failed">
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={22} color="var(--mantine-color-red-7)" aria-hidden style={{ flex: 'none' }} />
            <Text role="alert">{last?.message}</Text>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
