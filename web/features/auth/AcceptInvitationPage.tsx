import { Alert, Box, Button, Container, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Invitation, ResetPasswordForm } from '../../../shared/contracts/auth';
import { homePathFor } from '../../../shared/roles';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { NEXT_PARAM, safeReturnPath } from '../../lib/returnTo';
import { signIn } from '../../lib/session';
import { useLightForm } from '../../lib/useLightForm';
import { acceptInvitation, readInvitation } from './api';
import { loadAuthValidation, resetPasswordValidation } from './lazyValidation';

const EMPTY: ResetPasswordForm = { newPassword: '', confirm_password: '' };

type Loaded = { state: 'loading' } | { state: 'ready'; invitation: Invitation } | { state: 'invalid'; message: string };

/**
 * /acceptinvitation/:id, opened from the invitation email (issue 10): it names the school and
 * the username the person signs in with, and setting a password signs them in (and goes on to
 * `?next=`, a path of this site: the plan a widget signup chose). Public, with a
 * landing page's budget like the reset page (decision 027): zod comes on first focus.
 */
export default function AcceptInvitationPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const form = useLightForm<ResetPasswordForm, ResetPasswordForm>({ initialValues: EMPTY, validate: resetPasswordValidation.validate });
  const [alertMessage, setAlertMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    readInvitation(id).then(
      (invitation) => live && setLoaded({ state: 'ready', invitation }),
      (error: unknown) => live && setLoaded({ state: 'invalid', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const submit = form.handleSubmit(async (values) => {
    setAlertMessage(null);
    try {
      const result = await acceptInvitation({ id, ...values });
      signIn(result, false);
      const { AUTH_MESSAGES } = await loadAuthValidation();
      notifySuccess(AUTH_MESSAGES.invitationAccepted);
      navigate(safeReturnPath(search.get(NEXT_PARAM)) ?? homePathFor(result.user.role), { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['newPassword', 'confirm_password'])) setAlertMessage(errorMessage(error));
    }
  });

  return (
    <Box component="main" mih="100vh" bg="gray.0" py={64}>
      <Container size={460}>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Stack gap="md">
            <Title order={1} size="h2">
              Accept invitation
            </Title>
            {loaded.state === 'loading' && (
              <Stack align="center" py="lg" aria-live="polite">
                <Loader size="sm" aria-label="Loading the invitation" />
              </Stack>
            )}
            {loaded.state === 'invalid' && (
              <Stack gap="sm">
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                  {loaded.message}
                </Alert>
                <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
                  Try again
                </Button>
                <Button component={Link} to="/login" variant="subtle">
                  Go to sign in
                </Button>
              </Stack>
            )}
            {loaded.state === 'ready' && (
              <form noValidate onSubmit={submit} onFocus={resetPasswordValidation.preload}>
                <Stack gap="md">
                  <Text size="sm">
                    Hello {loaded.invitation.first_name}, <b>{loaded.invitation.school_name}</b> invited you to Cadenza.
                  </Text>
                  <Text size="sm">
                    Your username is <b data-testid="invited-username">{loaded.invitation.username}</b>. Choose a password: at
                    least 8 characters with upper- and lower-case letters, a number and a symbol.
                  </Text>
                  {alertMessage && (
                    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                      {alertMessage}
                    </Alert>
                  )}
                  <PasswordInput label="New Password" autoComplete="new-password" required {...form.textField('newPassword')} />
                  <PasswordInput label="Confirm Password" autoComplete="new-password" required {...form.textField('confirm_password')} />
                  <Button type="submit" fullWidth size="md" loading={form.submitting}>
                    Accept and sign in
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
