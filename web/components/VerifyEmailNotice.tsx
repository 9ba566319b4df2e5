import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { AUTH_ROUTES } from '../../shared/contracts/auth';
import { errorMessage } from '../lib/api';
import { callApi } from '../lib/callApi';
import { notifyError, notifySuccess } from '../lib/notify';

/** Sends the shown user (the impersonated one while acting as someone) a new verification link. */
function useResendVerification() {
  return useMutation({
    mutationFn: () => callApi(AUTH_ROUTES.resendVerification, { body: {} }),
  });
}

/**
 * Asks a user whose email address is not verified yet to verify it, with a way to get a new
 * link. Shown on each role's home page: the dashboard, and a parent's children page.
 */
export function VerifyEmailNotice({ email }: { email: string | null }) {
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    // Dark title and a default button: yellow.9 text on the light yellow fails contrast (2.7:1, axe on a new school's dashboard, issue 27).
    <Alert color="yellow" variant="light" title="Please verify your email address" icon={<IconMailExclamation size={20} />}
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {email
            ? `We sent a verification link to ${email}. Open it to confirm the address is yours.`
            : 'Add an email address to your account and confirm it to receive school mail.'}
        </Text>
        <Button size="xs" variant="default" loading={resend.isPending} onClick={send}>
          Resend verification email
        </Button>
      </Group>
    </Alert>
  );
}
