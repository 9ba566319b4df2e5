import { Button, Checkbox, Group, List, Radio, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { CANCEL_REASON_MAX, SCHEDULING_MESSAGES, lessonCancelBody, type CancelAnswer, type LessonCancelInput, type LessonDetails } from '../../../shared/contracts/scheduling';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useCancelLesson } from './calendarApi';
import { formatDay } from './lessonFormat';

type Shape = { id: string; scope: 'this' | 'following'; cancelReason: string; bank: boolean; grantAnyway: boolean };
type Props = {
  lesson: Pick<LessonDetails, '_id' | 'seriesId'>;
  /** The office may grant credits outside the school's rules. */
  mayGrantAnyway: boolean;
  onDone: () => void;
  onBack: () => void;
};

/**
 * Cancel a lesson (or it and the following ones) with a reason, optionally banking it: the
 * answer says, per student, whether a make-up credit was given and until when, or why not.
 */
export function CancelLessonForm({ lesson, mayGrantAnyway, onDone, onBack }: Props) {
  const form = useForm<Shape, unknown, LessonCancelInput>({
    resolver: zodResolver(lessonCancelBody) as unknown as Resolver<Shape, unknown, LessonCancelInput>,
    defaultValues: { id: lesson._id, scope: 'this', cancelReason: '', bank: false, grantAnyway: false },
  });
  const { errors } = form.formState;
  const bank = useWatch({ control: form.control, name: 'bank' });
  const cancel = useCancelLesson();
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<CancelAnswer | null>(null);

  const save = form.handleSubmit((values) => {
    setFailure(null);
    cancel.mutate({ ...values, grantAnyway: values.bank && values.grantAnyway }, {
      onSuccess: (result) => {
        notifySuccess(result.message || (values.bank ? SCHEDULING_MESSAGES.lessonBanked : SCHEDULING_MESSAGES.lessonCancelled));
        if (result.data.bank.length > 0) setAnswer(result.data);
        else onDone();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['cancelReason', 'scope', 'bank'] as const)) setFailure(errorMessage(error));
      },
    });
  });

  if (answer) return <BankOutcomes answer={answer} onDone={onDone} />;

  return (
    <form noValidate onSubmit={save} aria-label="Cancel lesson">
      <Stack gap="md">
        <FormFailure message={failure} title="Could not cancel" />
        <Textarea
          label="Reason"
          required
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          data-autofocus
          error={errors.cancelReason?.message}
          {...form.register('cancelReason')}
        />
        <Checkbox label="Bank this lesson" description="Each student gets a make-up credit, within the school's rules." {...form.register('bank')} />
        {mayGrantAnyway && bank && <Checkbox label="Grant a credit even outside the rules" {...form.register('grantAnyway')} />}
        {lesson.seriesId && (
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <Radio.Group label="Cancel which lessons" value={field.value} onChange={field.onChange}>
                <Group gap="lg" mt={4}>
                  <Radio value="this" label="This lesson" />
                  <Radio value="following" label="This and following" />
                </Group>
              </Radio.Group>
            )}
          />
        )}
        <FormActions onCancel={onBack} pending={cancel.isPending} submitLabel="Cancel lesson" />
      </Stack>
    </form>
  );
}

function BankOutcomes({ answer, onDone }: { answer: CancelAnswer; onDone: () => void }) {
  return (
    <Stack gap="md" aria-label="Make-up credits">
      <Text size="sm" fw={600}>
        Make-up credits
      </Text>
      <List spacing="xs" size="sm">
        {answer.bank.map((o) => (
          <List.Item key={o.student._id}>
            {fullName(o.student)}:{' '}
            {o.credited
              ? `credit until ${o.expiresAt ? formatDay(o.expiresAt) : 'further notice'}`
              : `no credit${o.reason ? ` (${o.reason})` : ''}`}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
