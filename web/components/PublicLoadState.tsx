import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A public page's form while its facts load: a title line and a few fields' worth of skeleton. */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={label}>
      <Skeleton h={28} w="60%" />
      <Skeleton h={60} />
      <Skeleton h={36} />
      <Skeleton h={36} />
    </Stack>
  );
}

/** A public page that could not load: the server's words and a way to try again. */
export function LoadFailed({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Text size="sm">{message}</Text>
      <Text size="sm" mt="xs">
        <a href="#retry" onClick={(e) => { e.preventDefault(); onRetry(); }}>
          Try again
        </a>
      </Text>
    </Alert>
  );
}
