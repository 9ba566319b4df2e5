import { Group, Radio, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import {
  SCHEDULING_MESSAGES, lessonTypeForm, lessonTypeUpdateBody, type LessonKind, type LessonTypeItem,
} from '../../../shared/contracts/scheduling';
import { FormActions, FormFailure } from '../../components/FormParts';
import { notifySuccess } from '../../lib/notify';
import { useAddOrUpdate } from '../../lib/useAddOrUpdate';
import { blankAsNullResolver } from './setupForms';
import { useAddLessonType, useUpdateLessonType } from './setupApi';

export const KIND_LABELS: Record<LessonKind, string> = { private: 'Private', class_group: 'Class/Group' };

type FormInput = { id?: string; name: string; kind: LessonKind | ''; durationMinutes: string };
type FormOutput = { id?: string; name: string; kind: LessonKind; durationMinutes: number };
const FIELDS = ['name', 'kind', 'durationMinutes'] as const;

/** Add or edit a lesson type: its name, whether it is private or for a class/group, and its usual length. */
export function LessonTypesForm({ lessonType, onDone }: { lessonType?: LessonTypeItem; onDone: () => void }) {
  const editing = lessonType !== undefined;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: blankAsNullResolver<FormInput, FormOutput>(editing ? lessonTypeUpdateBody : lessonTypeForm, ['kind', 'durationMinutes']),
    defaultValues: {
      ...(lessonType ? { id: lessonType._id } : {}),
      name: lessonType?.name ?? '',
      kind: lessonType?.kind ?? 'private',
      durationMinutes: String(lessonType?.durationMinutes ?? 30),
    },
  });
  const { errors } = form.formState;
  const { submit, failure, pending } = useAddOrUpdate(useAddLessonType(), useUpdateLessonType(), {
    setError: form.setError,
    fields: FIELDS,
    onSaved: (result) => {
      notifySuccess(result.message || (editing ? SCHEDULING_MESSAGES.lessonTypeUpdated : SCHEDULING_MESSAGES.lessonTypeAdded));
      onDone();
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} aria-label={editing ? 'Edit lesson type' : 'Add lesson type'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Name" required data-autofocus error={errors.name?.message} {...form.register('name')} />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Radio.Group label="Kind" required value={field.value} onChange={field.onChange} error={errors.kind?.message}>
              <Group mt={6}>
                <Radio value="private" label={KIND_LABELS.private} />
                <Radio value="class_group" label={KIND_LABELS.class_group} />
              </Group>
            </Radio.Group>
          )}
        />
        <TextInput
          label="Default duration (minutes)"
          required
          type="number"
          inputMode="numeric"
          min={5}
          error={errors.durationMinutes?.message}
          {...form.register('durationMinutes')}
        />
        <FormActions onCancel={onDone} pending={pending} submitLabel={editing ? 'Save changes' : 'Add Lesson Type'} />
      </Stack>
    </form>
  );
}
