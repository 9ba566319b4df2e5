import { Card, Divider, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SCHEDULING_MESSAGES, schedulingSettingsForm, type SchedulingSettings, type SchedulingSettingsAnswer } from '../../../shared/contracts/scheduling';
import { FormActions, FormFailure } from '../../components/FormParts';
import { QueryContent } from '../../components/QueryContent';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { blankAsNullResolver } from './setupForms';
import { useSchedulingSettings, useUpdateSettings } from './setupApi';

type NumberField = Exclude<keyof SchedulingSettings, 'termStartsOn' | 'termEndsOn' | 'dayStartsAt' | 'dayEndsAt'>;
type FormValues = Record<keyof SchedulingSettings, string>;
const FIELDS = Object.keys(schedulingSettingsForm.shape) as (keyof SchedulingSettings)[];

const NUMBER_FIELDS: { name: NumberField; label: string; description: string }[] = [
  { name: 'creditMaxHeld', label: 'Credits a student may hold', description: 'Unused make-up credits a student may have at once' },
  { name: 'creditMaxPerTerm', label: 'Credits per term', description: 'Credits a student may earn in one term' },
  { name: 'creditLifetimeDays', label: 'Credit lifetime (days)', description: 'How long a make-up credit can be used' },
  { name: 'noticeHours', label: 'Notice window (hours)', description: 'A cancellation at least this far ahead earns a credit' },
  { name: 'bankedDueHours', label: 'Banked-due threshold (hours)', description: 'A credit this close to expiring counts as banked-due' },
  { name: 'reminderHours', label: 'Lesson reminder (hours before)', description: 'When families get the email before each lesson' },
  { name: 'teacherBackDateDays', label: 'Teacher back-dating (days)', description: 'How far into the past a teacher may book or move a lesson (staff have no limit)' },
  { name: 'defaultLessonMinutes', label: 'Default lesson length (minutes)', description: 'A new lesson starts with this length' },
];

const asText = (settings: SchedulingSettings): FormValues => {
  const values = {} as FormValues;
  for (const field of FIELDS) values[field] = settings[field] === null ? '' : String(settings[field]);
  return values;
};

function SettingsForm({ settings }: { settings: SchedulingSettingsAnswer }) {
  const form = useForm<FormValues, unknown, SchedulingSettings>({
    resolver: blankAsNullResolver<FormValues, SchedulingSettings>(schedulingSettingsForm, ['termStartsOn', 'termEndsOn']),
    defaultValues: asText(settings),
  });
  const { errors } = form.formState;
  const update = useUpdateSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const save = form.handleSubmit((values) => {
    setFailure(null);
    update.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.settingsSaved);
        form.reset(asText(result.data));
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={save} aria-label="Make-up rules">
      <Stack gap="lg">
        <FormFailure message={failure} title="Could not save" />
        <div>
          <Title order={3} size="h5">
            School hours
          </Title>
          <Text size="sm" c="dimmed">
            In the school's time zone ({settings.timeZone}). Add Lesson and make-ups start at the next free hour within them, and the
            calendar shows them (a lesson outside them still shows).
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <TextInput label="Opening time" type="time" required error={errors.dayStartsAt?.message} {...form.register('dayStartsAt')} />
          <TextInput label="Closing time" type="time" required error={errors.dayEndsAt?.message} {...form.register('dayEndsAt')} />
        </SimpleGrid>
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {NUMBER_FIELDS.map(({ name, label, description }) => (
            <TextInput
              key={name}
              label={label}
              description={description}
              required
              type="number"
              inputMode="numeric"
              min={0}
              error={errors[name]?.message}
              {...form.register(name)}
            />
          ))}
        </SimpleGrid>
        <Divider />
        <div>
          <Title order={3} size="h5">
            Term
          </Title>
          <Text size="sm" c="dimmed">
            The limit of credits per term counts within these days. Leave both blank if you have no terms.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <TextInput label="Term first day" type="date" error={errors.termStartsOn?.message} {...form.register('termStartsOn')} />
          <TextInput label="Term last day" type="date" error={errors.termEndsOn?.message} {...form.register('termEndsOn')} />
        </SimpleGrid>
        <FormActions pending={update.isPending} submitLabel="Save Make-up Rules" />
      </Stack>
    </form>
  );
}

/** The school's hours, make-up rules, reminders and lesson defaults. */
export function SettingsTab() {
  return (
    <Card withBorder radius="md" padding="lg">
      <QueryContent query={useSchedulingSettings()} loadingLabel="Loading make-up rules" errorTitle="Could not load the make-up rules" rows={6}>
        {(settings) => <SettingsForm settings={settings} />}
      </QueryContent>
    </Card>
  );
}
