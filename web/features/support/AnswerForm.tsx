import { Checkbox, Stack, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { SUPPORT_LIMITS, SUPPORT_MESSAGES, answerSupportRequestBody, type AnswerSupportRequestInput } from '../../../shared/contracts/support';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useAnswerSupportRequest } from './api';

type FormValues = { id: string; message: string; close: boolean };

/** The provider's answer; the sender is emailed it. */
export function AnswerForm({ requestId }: { requestId: string }) {
  const form = useForm<FormValues, unknown, AnswerSupportRequestInput>({
    resolver: zodResolver(answerSupportRequestBody) as unknown as Resolver<FormValues, unknown, AnswerSupportRequestInput>,
    defaultValues: { id: requestId, message: '', close: false },
  });
  const { errors } = form.formState;
  const answer = useAnswerSupportRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    answer.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message || SUPPORT_MESSAGES.answered);
        form.reset({ id: requestId, message: '', close: false });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['message'] as const)) setFailure(errorMessage(error));
      },
    });
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Answer the request">
      <Stack gap="sm">
        <FormFailure message={failure} title="Could not send the answer" />
        <Textarea label="Answer" required rows={4} resize="vertical" maxLength={SUPPORT_LIMITS.messageMax} error={errors.message?.message} {...form.register('message')} />
        <Checkbox label="Mark as closed" description="Nothing more to do: the request leaves the open list." {...form.register('close')} />
        <FormActions pending={answer.isPending} submitLabel="Send answer" />
      </Stack>
    </form>
  );
}
