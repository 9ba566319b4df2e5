import { Card, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { POSTAL_CODE_INPUT_MAX } from '../../../shared/constants';
import { SCHOOL_DETAILS_MESSAGES, SCHOOL_DETAILS_ROUTES, ownSchoolDetailsForm, type OwnSchoolDetails, type OwnSchoolDetailsForm } from '../../../shared/contracts/school-details';
import { mayCall } from '../../../shared/permissions';
import { timeZoneChoices } from '../../../shared/time-zones';
import { FormActions, FormFailure } from '../../components/FormParts';
import { PhoneField } from '../../components/PhoneField';
import { QueryContent } from '../../components/QueryContent';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { allowNumericKeys } from '../../lib/numericKeys';
import { toE164 } from '../../lib/phone';
import { useRequiredSession } from '../../lib/useSession';
import { DEFAULT_COUNTRY } from './SchoolForm';
import { useOwnSchoolDetails, useSaveOwnSchoolDetails, type OwnSchoolDetailsValues } from './api';

type FormValues = Required<OwnSchoolDetailsForm>;
const FIELDS = Object.keys(ownSchoolDetailsForm.shape) as (keyof FormValues)[];
const ZONES = timeZoneChoices();

const asValues = (d: OwnSchoolDetails): FormValues => ({
  school_name: d.school_name, working_phone: toE164(d.working_phone), address1: d.address1, city: d.city, state: d.state,
  postal_code: d.postal_code, country: d.country || DEFAULT_COUNTRY, time_zone: d.time_zone,
});

function OwnSchoolDetailsForm({ details, canEdit }: { details: OwnSchoolDetails; canEdit: boolean }) {
  const form = useForm<FormValues, unknown, OwnSchoolDetailsValues>({
    resolver: zodResolver(ownSchoolDetailsForm) as unknown as Resolver<FormValues, unknown, OwnSchoolDetailsValues>,
    defaultValues: asValues(details),
  });
  const { errors } = form.formState;
  const save = useSaveOwnSchoolDetails(details.adminId);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHOOL_DETAILS_MESSAGES.updated);
        form.reset(asValues(result.data));
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="School details">
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <FormFailure message={failure} title="Could not save" />
          {!canEdit && <Text size="sm" c="dimmed">Only the school's admin changes these.</Text>}
          <TextInput label="School Name" required autoComplete="organization" error={errors.school_name?.message} {...form.register('school_name')} />
          <Controller
            control={form.control}
            name="working_phone"
            render={({ field }) => (
              <PhoneField label="Working Phone" required name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}
                error={errors.working_phone?.message} />
            )}
          />
          <TextInput label="Address" required autoComplete="street-address" error={errors.address1?.message} {...form.register('address1')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="City" required autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
            <TextInput label="State" required autoComplete="address-level1" error={errors.state?.message} {...form.register('state')} />
            <TextInput label="Postal Code" required autoComplete="postal-code" inputMode="numeric" maxLength={POSTAL_CODE_INPUT_MAX}
              onKeyDown={allowNumericKeys} error={errors.postal_code?.message} {...form.register('postal_code')} />
            <TextInput label="Country" required autoComplete="country-name" error={errors.country?.message} {...form.register('country')} />
          </SimpleGrid>
          <NativeSelect
            label="Time Zone"
            required
            data={ZONES}
            description="Every time in Cadenza reads on this clock. Changing it keeps lessons, payments and invoices at the moment they are; they then read in the new zone."
            error={errors.time_zone?.message}
            {...form.register('time_zone')}
          />
          {canEdit && <FormActions pending={save.isPending} submitLabel="Save school details" />}
        </Stack>
      </fieldset>
    </form>
  );
}

/** One school's details card: the admin edits, a sub-admin reads. */
export function OwnSchoolDetails({ adminId, canEdit }: { adminId: string; canEdit: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <QueryContent query={useOwnSchoolDetails(adminId)} loadingLabel="Loading school details" errorTitle="Could not load the school details" rows={6}>
        {(details) => <OwnSchoolDetailsForm details={details} canEdit={canEdit} />}
      </QueryContent>
    </Card>
  );
}

/** The school's own details and time zone (decision 080): the first step of its setup checklist. */
export function OwnSchoolDetailsCard() {
  const { user } = useRequiredSession();
  // An admin's school is their own id (their row's adminId may be unset); a sub-admin's is adminId.
  return <OwnSchoolDetails adminId={user.adminId ?? user._id} canEdit={mayCall(SCHOOL_DETAILS_ROUTES.update, user)} />;
}
