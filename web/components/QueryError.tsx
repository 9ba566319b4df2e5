import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api';

type Props = { error: unknown; onRetry: () => void; title?: string };

/** The error state of anything loaded from the server, with a way to try again. */
export function QueryError({ error, onRetry, title = 'Could not load this' }: Props) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={18} />}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
