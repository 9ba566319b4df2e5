import { Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { bookPlanBody, type BookPlanInput } from '../../../shared/contracts/school-plans';
import { FormActions, FormFailure } from '../../components/FormParts';
import { PersonSelect } from '../../components/PersonSelect';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { searchSchools, useBookPlan, useSchoolPlans } from './api';
import { planPrice, planTypeLabel } from './format';
import { EMPTY_CARD_FIELDS, expDateOf, type CardFieldValues } from '../../components/CardFields';
import { HookFormCardFields } from '../../components/HookFormCardFields';

type Values = CardFieldValues & { adminId: string | null; planId: string | null; paymentMethod: string };
const FIELDS = ['adminId', 'planId', 'paymentMethod', 'cardNo', 'cardCode', 'expMonth'] as const;

function toBody(v: Values): BookPlanInput {
  const card = v.paymentMethod === 'card' ? { cardNo: v.cardNo || undefined, expDate: expDateOf(v.expMonth, v.expYear) || undefined, cardCode: v.cardCode || undefined } : {};
  return { adminId: v.adminId ?? '', planId: v.planId ?? '', paymentMethod: (v.paymentMethod || undefined) as BookPlanInput['paymentMethod'], ...card };
}

/** Checks the form with the call's own contract; the expiry's message goes under Month. */
function check(v: Values) {
  const parsed = bookPlanBody.safeParse(toBody(v));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'expDate' ? 'expMonth' : String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Book Plan: a school, one of the offered plans, and how it pays (its card, or an invoice). */
export function BookPlanForm({ onDone }: { onDone: () => void }) {
  const book = useBookPlan();
  const plans = useSchoolPlans({ page: 1, limit: 100 });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { adminId: null, planId: null, paymentMethod: 'card', ...EMPTY_CARD_FIELDS } });
  const { errors, isSubmitting } = form.formState;
  const [method, planId] = useWatch({ control: form.control, name: ['paymentMethod', 'planId'] });
  const plan = plans.data?.results.find((p) => p._id === planId);
  const needsCard = method === 'card' && !plan?.isFree;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const found = check(values.paymentMethod === 'card' && plan?.isFree ? { ...values, paymentMethod: 'invoice' } : values);
    const names = Object.keys(found) as (keyof Values)[];
    if (names.length > 0) {
      names.forEach((name, i) => form.setError(name, { type: 'validate', message: found[name]! }, { shouldFocus: i === 0 }));
      return;
    }
    try {
      const result = await book.mutateAsync(toBody(plan?.isFree ? { ...values, paymentMethod: 'invoice' } : values));
      notifySuccess(result.message);
      onDone();
    } catch (error) {
      const fieldErrors = error && typeof error === 'object' && 'errors' in error ? (error as { errors: Record<string, string> }).errors : {};
      if ('expDate' in fieldErrors) form.setError('expMonth', { type: 'server', message: fieldErrors.expDate! });
      if (!applyFieldErrors(error, form.setError, FIELDS)) {
        setFailure(errorMessage(error));
        notifyError(errorMessage(error));
      }
    }
  });

  const planOptions = (plans.data?.results ?? []).map((p) => ({ value: p._id, label: `${p.planName} — ${planPrice(p)} (${planTypeLabel(p)})` }));
  return (
    <form noValidate onSubmit={submit} aria-label="Book Plan">
      <Stack gap="md">
        <FormFailure message={failure} />
        <Controller
          control={form.control}
          name="adminId"
          render={({ field }) => (
            <PersonSelect label="School" placeholder="Type a school’s name" required value={field.value} onChange={field.onChange} onBlur={field.onBlur}
              error={errors.adminId?.message} queryKey={['school-plans', 'schools']} search={searchSchools} />
          )}
        />
        <Controller
          control={form.control}
          name="planId"
          render={({ field }) => (
            <Select label="Plan" placeholder={plans.isPending ? 'Loading plans…' : 'Choose a plan'} required data={planOptions} error={errors.planId?.message}
              value={field.value} onChange={field.onChange} onBlur={field.onBlur} nothingFoundMessage="No plans yet: make one in Plan Builder" />
          )}
        />
        {plan?.isFree ? (
          <Text size="sm" c="dimmed">A free plan: nothing to pay.</Text>
        ) : (
          <Controller
            control={form.control}
            name="paymentMethod"
            render={({ field }) => (
              <Radio.Group label="Payment Method" required error={errors.paymentMethod?.message} value={field.value} onChange={field.onChange}>
                <Group mt="xs">
                  <Radio value="card" label="Card" />
                  <Radio value="invoice" label="Invoice" />
                </Group>
              </Radio.Group>
            )}
          />
        )}
        {needsCard && (
          <HookFormCardFields form={form} idPrefix="book" />
        )}
        <FormActions onCancel={onDone} pending={isSubmitting} submitLabel="Book Plan" />
      </Stack>
    </form>
  );
}
