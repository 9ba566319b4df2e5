import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { POSTAL_CODE_INPUT_MAX } from '../../../shared/constants';
import { profileBody, type Profile, type ProfileBody } from '../../../shared/contracts/profile';
import { PhoneField } from '../../components/PhoneField';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { allowNumericKeys } from '../../lib/numericKeys';
import { toE164 } from '../../lib/phone';
import { useUpdateProfile } from './api';
import { notifyError, notifySuccess } from '../../lib/notify';

type ProfileValues = z.output<typeof profileBody>;
const FIELDS = ['cellPhone', 'address1', 'city', 'state', 'postal_code'] as const;

function formValuesOf(profile: Profile): ProfileBody {
  return {
    cellPhone: toE164(profile.cellPhone),
    address1: profile.address1,
    city: profile.city,
    state: profile.state,
    postal_code: profile.postal_code,
  };
}

/** docs/domains/accounts.md "Data and calls", user profile form: cell phone, address, city, state and postal code. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<ProfileBody, unknown, ProfileValues>({
    resolver: zodResolver(profileBody),
    defaultValues: formValuesOf(profile),
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();

  const save = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        form.reset(formValuesOf(result.data));
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS)) {
          notifyError(errorMessage(error));
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={save}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="cellPhone"
          render={({ field }) => (
            <PhoneField
              label="Cell Phone"
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.cellPhone?.message}
            />
          )}
        />
        <TextInput
          label="Address"
          autoComplete="street-address"
          required
          error={errors.address1?.message}
          {...form.register('address1')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="City"
            autoComplete="address-level2"
            required
            error={errors.city?.message}
            {...form.register('city')}
          />
          <TextInput
            label="State"
            autoComplete="address-level1"
            required
            error={errors.state?.message}
            {...form.register('state')}
          />
          <TextInput
            label="Postal Code"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={POSTAL_CODE_INPUT_MAX}
            required
            onKeyDown={allowNumericKeys}
            error={errors.postal_code?.message}
            {...form.register('postal_code')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
