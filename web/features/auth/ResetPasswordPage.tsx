import { Alert, Box, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { AUTH_MESSAGES, resetPasswordForm, type ResetPasswordForm } from '../../../shared/contracts/auth';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { resetPassword } from './api';

/**
 * /resetpassword/:id, opened from the emailed link (spec section 2). Like the sign-in forms it
 * submits through react-hook-form alone: no cache is involved.
 */
export default function ResetPasswordPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordForm, unknown, ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { newPassword: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Field messages sit under their fields; anything else (an expired link) goes in the alert.
  const [alertMessage, setAlertMessage] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setAlertMessage(null);
    try {
      await resetPassword({ id, ...values });
      notifySuccess(AUTH_MESSAGES.resetSuccess);
      navigate('/login', { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['newPassword', 'confirm_password'])) {
        setAlertMessage(errorMessage(error));
      }
    }
  });

  return (
    <Box component="main" mih="100vh" bg="gray.0" py={64}>
      <Container size={460}>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <form noValidate onSubmit={submit}>
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  Reset Password
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  Choose a new password: at least 8 characters with upper- and lower-case letters,
                  a number and a symbol.
                </Text>
              </div>
              {alertMessage && (
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                  {alertMessage}
                </Alert>
              )}
              <PasswordInput
                label="New Password"
                autoComplete="new-password"
                required
                error={errors.newPassword?.message}
                {...form.register('newPassword')}
              />
              <PasswordInput
                label="Confirm Password"
                autoComplete="new-password"
                required
                error={errors.confirm_password?.message}
                {...form.register('confirm_password')}
              />
              <Button type="submit" fullWidth size="md" loading={isSubmitting}>
                Reset Your Password
              </Button>
              <Button component={Link} to="/login" variant="subtle">
                Back to sign in
              </Button>
            </Stack>
          </form>
        </Paper>
      </Container>
    </Box>
  );
}
