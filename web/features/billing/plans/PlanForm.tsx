import { MultiSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  PLAN_LESSON_KIND_LABELS, PLAN_LESSON_KINDS, PLAN_PERIOD_LABELS, PLAN_PERIODS, planForm, type PlanFormInput, type PlanItem, type PlanLessonKind, type PlanPeriod,
} from '../../../../shared/contracts/student-plans';
import { FormActions, FormFailure } from '../../../components/FormParts';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/forms';
import { fullName } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useAddPlan, useClassGroups, useInstruments, useInstrumentTeachers, useUpdatePlan } from './api';

export type PlanValues = {
  planName: string; price: string; billingPeriod: PlanPeriod; lessonsPerPeriod: string; lessonMinutes: string; lessonType: PlanLessonKind;
  instrumentId: string | null; teacherIds: string[]; classGroupId: string | null; description: string;
};

const PERIOD_OPTIONS = PLAN_PERIODS.map((value) => ({ value, label: PLAN_PERIOD_LABELS[value] }));
const KIND_OPTIONS = PLAN_LESSON_KINDS.map((value) => ({ value, label: PLAN_LESSON_KIND_LABELS[value] }));

export function toBody(v: PlanValues): PlanFormInput {
  return {
    planName: v.planName, price: v.price, billingPeriod: v.billingPeriod, lessonsPerPeriod: v.lessonsPerPeriod, lessonMinutes: v.lessonMinutes,
    lessonType: v.lessonType, instrumentId: v.instrumentId || null, teacherIds: v.teacherIds, classGroupId: v.classGroupId || null, description: v.description,
  };
}

function initialValues(item: PlanItem | null, group: boolean): PlanValues {
  if (!item) {
    return {
      planName: '', price: '', billingPeriod: 'monthly', lessonsPerPeriod: '4', lessonMinutes: '30', lessonType: group ? 'class_group' : 'private',
      instrumentId: null, teacherIds: [], classGroupId: null, description: '',
    };
  }
  return {
    planName: item.planName, price: item.price.toFixed(2), billingPeriod: item.billingPeriod, lessonsPerPeriod: String(item.lessonsPerPeriod),
    lessonMinutes: String(item.lessonMinutes), lessonType: item.lessonType, instrumentId: item.instrument?._id ?? null,
    teacherIds: item.teachers.map((t) => t._id), classGroupId: item.classGroup?._id ?? null, description: item.description,
  };
}

// The contract validates the values as they will be sent; a group plan also needs its class/group.
const asSent = (group: boolean) => z.preprocess((v) => toBody(v as PlanValues), planForm.refine(
  (v) => !group || Boolean(v.classGroupId), { path: ['classGroupId'], message: 'Class/Group is Required' },
)) as unknown as typeof planForm;
const FIELDS = ['planName', 'price', 'billingPeriod', 'lessonsPerPeriod', 'lessonMinutes', 'lessonType', 'instrumentId', 'teacherIds', 'classGroupId', 'description'] as const;

type Props = { item: PlanItem | null; group: boolean; onDone: () => void };

/** Make or change a plan: its name, price, billing period, lessons, instrument and teachers (and a group plan's class/group). */
export function PlanForm({ item, group, onDone }: Props) {
  const add = useAddPlan();
  const update = useUpdatePlan();
  const [failure, setFailure] = useState<string | null>(null);
  const [resolver] = useState(() => zodResolver(asSent(group), undefined, { raw: true }) as unknown as Resolver<PlanValues>);
  const form = useForm<PlanValues>({ resolver, defaultValues: initialValues(item, group) });
  const { errors, isSubmitting } = form.formState;
  const instrumentId = useWatch({ control: form.control, name: 'instrumentId' });
  const instruments = useInstruments();
  const teachers = useInstrumentTeachers(instrumentId);
  const classes = useClassGroups(group);
  const teacherOptions = [
    ...(teachers.data ?? []).map((t) => ({ value: t._id, label: fullName(t) })),
    ...(item?.teachers ?? []).filter((t) => !(teachers.data ?? []).some((x) => x._id === t._id)).map((t) => ({ value: t._id, label: fullName(t) })),
  ];

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = toBody(values);
      const result = item ? await update.mutateAsync({ ...body, planId: item._id }) : await add.mutateAsync(body);
      notifySuccess(result.message);
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, [...FIELDS])) setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={item ? 'Edit plan' : 'New plan'}>
      <Stack gap="md">
        <FormFailure message={failure} />
        <TextInput label="Plan Name" required error={errors.planName?.message} {...form.register('planName')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Price" description="0 makes it a free plan" required inputMode="decimal" leftSection={<Text size="sm">$</Text>} error={errors.price?.message} {...form.register('price')} />
          <Controller control={form.control} name="billingPeriod" render={({ field }) => (
            <Select label="Billing Period" required data={PERIOD_OPTIONS} allowDeselect={false} error={errors.billingPeriod?.message} {...field} />
          )} />
          <Controller control={form.control} name="lessonType" render={({ field }) => (
            <Select label="Lesson Type" required data={KIND_OPTIONS} allowDeselect={false} error={errors.lessonType?.message} {...field} />
          )} />
          <TextInput label="Lessons per period" required inputMode="numeric" error={errors.lessonsPerPeriod?.message} {...form.register('lessonsPerPeriod')} />
          <TextInput label="Lesson length (minutes)" required inputMode="numeric" error={errors.lessonMinutes?.message} {...form.register('lessonMinutes')} />
          <Controller control={form.control} name="instrumentId" render={({ field }) => (
            <Select
              label="Instrument/Genre"
              placeholder="Any"
              searchable
              clearable
              data={(instruments.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
              error={errors.instrumentId?.message}
              value={field.value}
              onChange={(v) => { field.onChange(v); form.setValue('teacherIds', []); }}
              onBlur={field.onBlur}
            />
          )} />
        </SimpleGrid>
        <Controller control={form.control} name="teacherIds" render={({ field }) => (
          <MultiSelect
            label="Teachers"
            description={instrumentId ? 'The teachers who teach this instrument' : 'Choose an instrument to see who teaches it'}
            placeholder={teacherOptions.length ? 'Choose teachers' : 'No teacher yet'}
            data={teacherOptions}
            searchable
            error={errors.teacherIds?.message}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )} />
        {group && (
          <Controller control={form.control} name="classGroupId" render={({ field }) => (
            <Select
              label="Class/Group"
              required
              searchable
              data={(classes.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              error={errors.classGroupId?.message}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )} />
        )}
        <Textarea label="Description" rows={2} error={errors.description?.message} {...form.register('description')} />
        <FormActions onCancel={onDone} pending={isSubmitting} submitLabel="Save" />
      </Stack>
    </form>
  );
}
