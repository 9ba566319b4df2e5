import { Card, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  CATEGORY_LABELS, SUPPORT_CATEGORIES, SUPPORT_LIMITS, SUPPORT_MESSAGES, sendSupportRequestBody, type SendSupportRequestInput,
} from '../../../shared/contracts/support';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useSendSupportRequest } from './api';

type FormValues = { category: string; subject: string; message: string };
const FIELDS = ['category', 'subject', 'message'] as const;
const EMPTY: FormValues = { category: '', subject: '', message: '' };
const CATEGORY_OPTIONS = SUPPORT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

/** A request to the provider; the same schema checks it here and on the server. */
export function SupportRequestForm() {
  const form = useForm<FormValues, unknown, SendSupportRequestInput>({
    resolver: zodResolver(sendSupportRequestBody) as unknown as Resolver<FormValues, unknown, SendSupportRequestInput>,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const send = useSendSupportRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    send.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message || SUPPORT_MESSAGES.sent);
        form.reset(EMPTY);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error));
      },
    });
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={submit} aria-labelledby="support-form-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="support-form-title">New request</Title>
          <FormFailure message={failure} title="Could not send" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <Select
                  label="Category"
                  required
                  placeholder="Choose one"
                  data={CATEGORY_OPTIONS}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  error={errors.category?.message}
                />
              )}
            />
            <TextInput label="Subject" required maxLength={SUPPORT_LIMITS.subjectMax} error={errors.subject?.message} {...form.register('subject')} />
          </SimpleGrid>
          <Textarea
            label="Message"
            required
            rows={5}
            resize="vertical"
            maxLength={SUPPORT_LIMITS.messageMax}
            error={errors.message?.message}
            {...form.register('message')}
          />
          <FormActions pending={send.isPending} submitLabel="Send request" />
        </Stack>
      </form>
    </Card>
  );
}
