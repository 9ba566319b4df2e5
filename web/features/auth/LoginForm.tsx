import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LoginBody } from '../../../shared/contracts/auth';
import { homePathFor } from '../../../shared/roles';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { signIn } from '../../lib/session';
import { login, type LoginRequest } from './api';
import { loadAuthValidation, loginValidation } from './lazyValidation';

type Props = { onForgotPassword: () => void };

/**
 * The sign-in form. It submits through react-hook-form's own async handling rather than
 * TanStack Query: the sign-in page is the one page loaded without the query client.
 */
export function LoginForm({ onForgotPassword }: Props) {
  const navigate = useNavigate();
  const form = useForm<LoginBody, unknown, LoginRequest>({
    resolver: loginValidation.resolver,
    defaultValues: { username: '', password: '', remember: false },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await login(values);
      signIn(result, values.remember);
      navigate(homePathFor(result.user.role), { replace: true });
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['username', 'password'])) return;
      // Spec section 8: "User Not Found" belongs to the username; every other failure
      // (wrong password, inactive account, too many attempts) to the password.
      const { AUTH_MESSAGES } = await loadAuthValidation();
      const message = errorMessage(error);
      const field = message === AUTH_MESSAGES.userNotFound ? 'username' : 'password';
      form.setError(field, { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={submit} onFocus={loginValidation.preload}>
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          required
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group justify="space-between">
          <Controller
            control={form.control}
            name="remember"
            render={({ field }) => (
              <Checkbox
                label="Remember Me"
                name={field.name}
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
