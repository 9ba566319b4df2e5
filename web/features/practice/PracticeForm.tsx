import { ActionIcon, Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import {
  PRACTICE_ITEMS_MAX, practiceForm, type PracticeAssignment, type PracticeFormInput,
} from '../../../shared/contracts/practice';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { fullName } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useAddPractice, usePracticeStudents, useUpdatePractice } from './api';

type Values = {
  studentIds: string[];
  classGroupId: string | null;
  items: { _id?: string; title: string; artist: string }[];
  instructions: string;
  due_date: string;
  minutesPerDay: string;
};

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

function initialValues(item: PracticeAssignment | null): Values {
  if (!item) return { studentIds: [], classGroupId: null, items: [{ title: '', artist: '' }], instructions: '', due_date: inAWeek(), minutesPerDay: '20' };
  return {
    // A class/group's members come with the group: only the others are chosen one by one.
    studentIds: item.classGroup ? [] : item.students.map((s) => s._id),
    classGroupId: item.classGroup?._id ?? null,
    items: item.items.map((i) => ({ _id: i._id, title: i.title, artist: i.artist })),
    instructions: item.instructions,
    due_date: item.due_date,
    minutesPerDay: String(item.minutesPerDay),
  };
}

const toBody = (v: Values): PracticeFormInput => ({
  studentIds: v.studentIds, classGroupId: v.classGroupId || null, items: v.items.map((i) => ({ ...(i._id ? { _id: i._id } : {}), title: i.title, artist: i.artist })),
  instructions: v.instructions, due_date: v.due_date, minutesPerDay: v.minutesPerDay,
});

const FIELDS = ['studentIds', 'classGroupId', 'items', 'instructions', 'due_date', 'minutesPerDay'] as const;

type Props = { item: PracticeAssignment | null; onDone: (saved: PracticeAssignment | null) => void };

/** Assign practice, or change an assignment: who, which songs or pieces, instructions, due date, minutes a day. */
export function PracticeForm({ item, onDone }: Props) {
  const add = useAddPractice();
  const update = useUpdatePractice();
  const options = usePracticeStudents();
  const [failure, setFailure] = useState<string | null>(null);
  const [resolver] = useState(() => zodResolver(practiceForm, undefined, { raw: true }) as unknown as Resolver<Values>);
  const form = useForm<Values>({ resolver, defaultValues: initialValues(item) });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const { errors, isSubmitting } = form.formState;

  const known = item?.students.map((s) => ({ value: s._id, label: fullName(s) })) ?? [];
  const studentOptions = [...(options.data?.results ?? []).map((s) => ({ value: s._id, label: fullName(s) })), ...known]
    .filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);
  const groupOptions = (options.data?.classGroups ?? []).map((g) => ({ value: g._id, label: `${g.name} (${g.studentCount})` }));
  if (item?.classGroup && !groupOptions.some((g) => g.value === item.classGroup!._id)) groupOptions.push({ value: item.classGroup._id, label: item.classGroup.name });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = toBody(values);
      const result = item ? await update.mutateAsync({ ...body, practiceId: item._id }) : await add.mutateAsync(body);
      notifySuccess(result.message);
      onDone(result.data);
    } catch (error) {
      const placed = applyFieldErrors(error, form.setError, [...FIELDS]);
      if (!placed) setFailure(errorMessage(error));
    }
  });
  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  return (
    <form noValidate onSubmit={submit} aria-label={item ? 'Update practice' : 'Assign practice'}>
      <Stack gap="md">
        <FormFailure message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller control={form.control} name="studentIds" render={({ field }) => (
            <MultiSelect
              label="Students"
              description="Or choose a class/group, or both"
              placeholder={studentOptions.length ? 'Choose students' : 'No students yet'}
              data={studentOptions}
              searchable
              hidePickedOptions
              nothingFoundMessage="Nobody matches"
              error={errors.studentIds?.message}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )} />
          <Controller control={form.control} name="classGroupId" render={({ field }) => (
            <Select
              label="Class/Group"
              description="Its students get the practice"
              placeholder={groupOptions.length ? 'None' : 'No classes/groups'}
              data={groupOptions}
              clearable
              searchable
              error={errors.classGroupId?.message}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )} />
        </SimpleGrid>
        <Stack gap="xs">
          <Text fw={500} size="sm">Songs or pieces</Text>
          {items.fields.map((f, i) => (
            <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, xs: 2 }} style={{ flex: 1 }} spacing="xs">
                <TextInput label={`Song or piece ${i + 1}`} required error={errors.items?.[i]?.title?.message} {...form.register(`items.${i}.title`)} />
                <TextInput label={`Composer / artist ${i + 1}`} error={errors.items?.[i]?.artist?.message} {...form.register(`items.${i}.artist`)} />
              </SimpleGrid>
              <ActionIcon variant="subtle" color="red" mt={28} aria-label={`Remove song or piece ${i + 1}`} disabled={items.fields.length === 1} onClick={() => items.remove(i)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {itemsError && <Text c="red" size="sm" role="alert">{itemsError}</Text>}
          <Button variant="subtle" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} disabled={items.fields.length >= PRACTICE_ITEMS_MAX}
            onClick={() => items.append({ title: '', artist: '' })}>
            Add a song or piece
          </Button>
        </Stack>
        <Textarea label="Instructions" autosize minRows={2} maxRows={6} error={errors.instructions?.message} {...form.register('instructions')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label="Due Date" required error={errors.due_date?.message} {...form.register('due_date')} />
          <TextInput label="Minutes per day" required inputMode="numeric" error={errors.minutesPerDay?.message} {...form.register('minutesPerDay')} />
        </SimpleGrid>
        <FormActions onCancel={() => onDone(null)} pending={isSubmitting} submitLabel={item ? 'Save' : 'Assign'} />
      </Stack>
    </form>
  );
}
