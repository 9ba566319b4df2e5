import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { useResendVerification } from './api';
import { notifyError, notifySuccess } from '../../lib/notify';

export function VerifyEmailNotice({ email }: { email: string | null }) {
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <Alert color="yellow" variant="light" title="Please verify your email address" icon={<IconMailExclamation size={20} />}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {email
            ? `We sent a verification link to ${email}. Open it to confirm the address is yours.`
            : 'Add an email address to your account and confirm it to receive school mail.'}
        </Text>
        <Button size="xs" variant="white" color="yellow.9" loading={resend.isPending} onClick={send}>
          Resend verification email
        </Button>
      </Group>
    </Alert>
  );
}
