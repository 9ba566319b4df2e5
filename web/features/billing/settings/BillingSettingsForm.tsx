import { Alert, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  BILLING_CURRENCIES, BILLING_SETTINGS_MESSAGES, billingSettingsForm, type BillingSettings, type BillingSettingsForm as FormInput,
} from '../../../../shared/contracts/billing-settings';
import { FormActions, FormFailure } from '../../../components/FormParts';
import { ApiError } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useSaveBillingSettings } from './api';

const FIELDS = ['currency', 'defaultDueDays', 'lateFee', 'lateFeeAfterDays'] as const;
type Values = { currency: 'USD'; defaultDueDays: string; lateFee: string; lateFeeAfterDays: string };
const CURRENCY_OPTIONS = BILLING_CURRENCIES.map((c) => ({ value: c, label: c === 'USD' ? 'US dollar (USD)' : c }));

/** The settings form; a sub-admin sees the same fields, read-only. */
export function BillingSettingsForm({ settings, onDone }: { settings: BillingSettings; onDone: () => void }) {
  const save = useSaveBillingSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(billingSettingsForm) as unknown as Resolver<Values>,
    defaultValues: {
      currency: 'USD',
      defaultDueDays: String(settings.defaultDueDays),
      lateFee: settings.lateFee.toFixed(2),
      lateFeeAfterDays: String(settings.lateFeeAfterDays),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const readOnly = !settings.canEdit;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await save.mutateAsync(values as unknown as FormInput);
      notifySuccess(result.message || BILLING_SETTINGS_MESSAGES.saved);
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(error instanceof ApiError ? error.message : 'Could not save the settings');
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Billing settings">
      <Stack gap="md">
        <FormFailure message={failure} />
        {readOnly && (
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            Only the school&apos;s admin can change these settings.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <Select label="Currency" data={CURRENCY_OPTIONS} allowDeselect={false} disabled={readOnly} error={errors.currency?.message} {...field} />
            )}
          />
          <TextInput
            label="Days until due"
            description="From the issue date of a new invoice"
            inputMode="numeric"
            disabled={readOnly}
            error={errors.defaultDueDays?.message}
            {...form.register('defaultDueDays')}
          />
          <TextInput
            label="Late fee"
            description="0 turns the late fee off"
            leftSection={<Text size="sm">$</Text>}
            inputMode="decimal"
            disabled={readOnly}
            error={errors.lateFee?.message}
            {...form.register('lateFee')}
          />
          <TextInput
            label="Late fee after (days)"
            description="Added once to an invoice still open this many days after its due date"
            inputMode="numeric"
            disabled={readOnly}
            error={errors.lateFeeAfterDays?.message}
            {...form.register('lateFeeAfterDays')}
          />
        </SimpleGrid>
        {!readOnly && <FormActions onCancel={onDone} pending={isSubmitting} submitLabel="Save" />}
      </Stack>
    </form>
  );
}
