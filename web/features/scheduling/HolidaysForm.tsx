import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { SCHEDULING_MESSAGES, holidayForm, type HolidayFormInput } from '../../../shared/contracts/scheduling';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useAddHoliday } from './setupApi';

type FormValues = { name: string; startsOn: string; endsOn: string; bankLessons: boolean };
const FIELDS = ['name', 'startsOn', 'endsOn', 'bankLessons'] as const;

/** Add a closure: the lessons in it are cancelled, and banked if the school says so. */
export function HolidaysForm({ onDone }: { onDone: () => void }) {
  const form = useForm<FormValues, unknown, HolidayFormInput>({
    resolver: zodResolver(holidayForm) as unknown as Resolver<FormValues, unknown, HolidayFormInput>,
    defaultValues: { name: '', startsOn: '', endsOn: '', bankLessons: false },
  });
  const { errors } = form.formState;
  const add = useAddHoliday();
  const [failure, setFailure] = useState<string | null>(null);
  const save = form.handleSubmit((values) => {
    setFailure(null);
    add.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.holidayAdded);
        onDone();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={save} aria-label="Add holiday">
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Name" required data-autofocus placeholder="Winter break" error={errors.name?.message} {...form.register('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First day" type="date" required error={errors.startsOn?.message} {...form.register('startsOn')} />
          <TextInput label="Last day" type="date" required error={errors.endsOn?.message} {...form.register('endsOn')} />
        </SimpleGrid>
        <Checkbox
          label="Bank the cancelled lessons"
          description="Each student of a cancelled lesson gets a make-up credit, within the make-up rules."
          {...form.register('bankLessons')}
        />
        <FormActions onCancel={onDone} pending={add.isPending} submitLabel="Add Holiday" />
      </Stack>
    </form>
  );
}
