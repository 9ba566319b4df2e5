import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CLOSE_BUTTON_PROPS } from '../../../components/AppModal';

type Props = {
  failure: { message: string } | null;
  onClose: () => void;
};

/**
 * The pay page's failed answer (docs/domains/billing.md "Rules", "Messages"): the server's message
 * (the gateway's words) in an error dialog. A success needs no dialog: the page shows its receipt
 * in place of the form (decision 075).
 */
export function PayResultDialogs({ failure, onClose }: Props) {
  // The message stays while the dialog fades out.
  const [last, setLast] = useState(failure);
  if (failure && failure !== last) setLast(failure);
  return (
    <Modal opened={failure !== null} onClose={onClose} closeButtonProps={CLOSE_BUTTON_PROPS} centered title="Payment failed">
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
  );
}
