import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordBody, type ChangePasswordBody } from '../../../shared/contracts/auth';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { useChangePassword } from './api';
import { notifyError, notifySuccess } from '../../lib/notify';

const FIELDS = ['currentPassword', 'newPassword', 'confirm_password'] as const;
const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirm_password: '' };

export function ChangePasswordForm() {
  const form = useForm<ChangePasswordBody, unknown, ChangePasswordBody>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const change = useChangePassword();

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        form.reset(EMPTY);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS)) {
          notifyError(errorMessage(error));
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
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
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
