import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginBody } from '../../../shared/contracts/auth';
import { homePathFor } from '../../../shared/roles';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { NEXT_PARAM, safeReturnPath } from '../../lib/returnTo';
import { signIn } from '../../lib/session';
import { useLightForm } from '../../lib/useLightForm';
import type { LoginRequest } from './api';
import classes from './LoginPage.module.css';
import { loadAuthApi, loadAuthValidation, loginValidation } from './lazyValidation';

type Props = { onForgotPassword: () => void };

const EMPTY: LoginBody = { username: '', password: '', remember: false };

/**
 * The sign-in form. It uses the small useLightForm rather than react-hook-form, and submits
 * without TanStack Query: both would not fit the page's JavaScript budget (docs/decisions/005).
 */
export function LoginForm({ onForgotPassword }: Props) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const form = useLightForm<LoginBody, LoginRequest>({ initialValues: EMPTY, validate: loginValidation.validate });

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await (await loadAuthApi()).login(values);
      signIn(result, values.remember);
      // A page the role lacks still leads home: the signed-in routes send unknown paths there.
      navigate(safeReturnPath(search.get(NEXT_PARAM)) ?? homePathFor(result.user.role), { replace: true });
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['username', 'password'])) return;
      // docs/domains/accounts.md "Messages": "User Not Found" belongs to the username; every other failure
      // (wrong password, inactive account, too many attempts) to the password.
      const { AUTH_MESSAGES } = await loadAuthValidation();
      const message = errorMessage(error);
      const field = message === AUTH_MESSAGES.userNotFound ? 'username' : 'password';
      form.setError(field, { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={submit} onFocus={() => { loginValidation.preload(); void loadAuthApi(); }}>
      <Stack gap="md">
        <TextInput label="Username" autoComplete="username" required {...form.textField('username')} />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.textField('password')} />
        <Group justify="space-between">
          {/* A native checkbox: Mantine's costs 2 KB of the sign-in page's budget (decision 005). */}
          <label className={classes.remember}>
            <input
              type="checkbox"
              name="remember"
              checked={form.values.remember ?? false}
              onChange={(event) => form.setValue('remember', event.currentTarget.checked)}
              ref={form.fieldRef('remember')}
            />
            Remember Me
          </label>
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={form.submitting}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
