import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ForgotPasswordBody } from '../../../shared/contracts/auth';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useLightForm } from '../../lib/useLightForm';
import { forgotPasswordValidation, loadAuthApi, loadAuthValidation } from './lazyValidation';

type Props = { onBack: () => void };

const EMPTY: ForgotPasswordBody = { username: '' };

export function ForgotPasswordForm({ onBack }: Props) {
  const form = useLightForm<ForgotPasswordBody, ForgotPasswordBody>({
    initialValues: EMPTY,
    validate: forgotPasswordValidation.validate,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await (await loadAuthApi()).requestPasswordReset(values);
      // The same words whether or not the username or address names an account, so nobody can probe for accounts.
      const { AUTH_MESSAGES } = await loadAuthValidation();
      notifySuccess(AUTH_MESSAGES.forgotSent);
      onBack();
    } catch (error) {
      form.setError('username', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={submit} onFocus={() => { forgotPasswordValidation.preload(); void loadAuthApi(); }}>
      <Stack gap="md">
        <div>
          <Title order={2}>Forgot Password</Title>
          <Text c="dimmed" size="sm" mt={4}>
            Enter your username or email address and we will email you a link to choose a new password.
          </Text>
        </div>
        <TextInput label="Username or email" autoComplete="username" required autoFocus {...form.textField('username')} />
        <Button type="submit" fullWidth size="md" loading={form.submitting}>
          Continue
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
