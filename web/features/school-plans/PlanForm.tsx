import { Radio, Group, SimpleGrid, Stack, Switch, Text, TextInput, Select } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  SCHOOL_PLAN_PERIOD_LABELS, SCHOOL_PLAN_PERIODS, schoolPlanForm, type SchoolPlan, type SchoolPlanFormInput,
} from '../../../shared/contracts/school-plans';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useAddPlan, useUpdatePlan } from './api';

type Values = {
  planName: string; price: string; schoolPrivateTeacher: string; billingPeriod: string;
  maxStudents: string; maxTeachers: string; storeIncluded: boolean;
};
const FIELDS = ['planName', 'price', 'schoolPrivateTeacher', 'billingPeriod', 'maxStudents', 'maxTeachers'] as const;
const PERIOD_OPTIONS = SCHOOL_PLAN_PERIODS.map((p) => ({ value: p, label: SCHOOL_PLAN_PERIOD_LABELS[p] }));

const toBody = (v: Values) => ({ ...v, schoolPrivateTeacher: v.schoolPrivateTeacher || undefined, billingPeriod: v.billingPeriod || undefined }) as unknown as SchoolPlanFormInput;
const asSent = z.preprocess((v) => toBody(v as Values), schoolPlanForm) as unknown as typeof schoolPlanForm;
const resolver = zodResolver(asSent, undefined, { raw: true }) as unknown as Resolver<Values>;

function initial(plan: SchoolPlan | null): Values {
  if (!plan) return { planName: '', price: '', schoolPrivateTeacher: '', billingPeriod: 'monthly', maxStudents: '', maxTeachers: '', storeIncluded: false };
  return {
    planName: plan.planName, price: plan.price.toFixed(2), schoolPrivateTeacher: plan.schoolPrivateTeacher, billingPeriod: plan.billingPeriod,
    maxStudents: plan.maxStudents === null ? '' : String(plan.maxStudents), maxTeachers: plan.maxTeachers === null ? '' : String(plan.maxTeachers),
    storeIncluded: plan.storeIncluded,
  };
}

/** A provider's plan: its name, price (0 is free), who it is for, its period, limits and store. */
export function PlanForm({ plan, onDone }: { plan: SchoolPlan | null; onDone: () => void }) {
  const add = useAddPlan();
  const update = useUpdatePlan();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver, defaultValues: initial(plan) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = toBody(values);
      const result = plan ? await update.mutateAsync({ ...body, planId: plan._id }) : await add.mutateAsync(body);
      notifySuccess(result.message);
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={plan ? 'Edit plan' : 'New plan'}>
      <Stack gap="md">
        <FormFailure message={failure} />
        <TextInput label="Plan Name" required error={errors.planName?.message} {...form.register('planName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Price" description="0 makes a free plan" inputMode="decimal" required leftSection={<Text size="sm">$</Text>} error={errors.price?.message} {...form.register('price')} />
          <Controller
            control={form.control}
            name="billingPeriod"
            render={({ field }) => <Select label="Billing Period" data={PERIOD_OPTIONS} allowDeselect={false} required error={errors.billingPeriod?.message} {...field} />}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="schoolPrivateTeacher"
          render={({ field }) => (
            <Radio.Group label="School or Private teacher" required error={errors.schoolPrivateTeacher?.message} value={field.value} onChange={field.onChange}>
              <Group mt="xs">
                <Radio value="school" label="School" />
                <Radio value="privateTeacher" label="Private teacher" />
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Maximum students" description="Empty: no limit" inputMode="numeric" error={errors.maxStudents?.message} {...form.register('maxStudents')} />
          <TextInput label="Maximum teachers" description="Empty: no limit" inputMode="numeric" error={errors.maxTeachers?.message} {...form.register('maxTeachers')} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="storeIncluded"
          render={({ field }) => (
            <Switch label="Store included" description="Schools on this plan get the Store menu" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
          )}
        />
        <FormActions onCancel={onDone} pending={isSubmitting} submitLabel="Save" />
      </Stack>
    </form>
  );
}
