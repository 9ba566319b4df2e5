import { Alert, Box, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ResetPasswordForm } from '../../../shared/contracts/auth';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useLightForm } from '../../lib/useLightForm';
import { loadAuthApi, loadAuthValidation, resetPasswordValidation } from './lazyValidation';

const EMPTY: ResetPasswordForm = { newPassword: '', confirm_password: '' };

/**
 * /resetpassword/:id, opened from the emailed link (docs/domains/accounts.md "Screens and routes"). A public page with a landing
 * page's budget (decision 027): like the sign-in forms it uses the small useLightForm and fetches
 * its zod rules on first focus.
 */
export default function ResetPasswordPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const form = useLightForm<ResetPasswordForm, ResetPasswordForm>({
    initialValues: EMPTY,
    validate: resetPasswordValidation.validate,
  });
  // Field messages sit under their fields; anything else (an expired link) goes in the alert.
  const [alertMessage, setAlertMessage] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setAlertMessage(null);
    try {
      await (await loadAuthApi()).resetPassword({ id, ...values });
      const { AUTH_MESSAGES } = await loadAuthValidation();
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
          <form noValidate onSubmit={submit} onFocus={() => { resetPasswordValidation.preload(); void loadAuthApi(); }}>
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
              <PasswordInput label="New Password" autoComplete="new-password" required {...form.textField('newPassword')} />
              <PasswordInput label="Confirm Password" autoComplete="new-password" required {...form.textField('confirm_password')} />
              <Button type="submit" fullWidth size="md" loading={form.submitting}>
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
