import { Alert, Button, Checkbox, Group, List, Loader, Radio, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  CANCEL_REASON_MAX, SCHEDULING_MESSAGES, lessonCancelBody, type CancelAnswer, type CancelPreview, type LessonCancelInput, type ScheduleEvent,
} from '../../../shared/contracts/scheduling';
import { FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { applyFieldErrors } from '../../lib/forms';
import { scrollToFirstError } from '../../lib/scrollToError';
import { notifySuccess } from '../../lib/notify';
import { useCancelLesson, useCancelPreview } from './calendarApi';
import { lessonLabel } from './EventContent';
import { formatDay, formatLessonWhen } from './lessonFormat';

type Shape = { id: string; scope: 'this' | 'following'; cancelReason: string; bank: boolean; grantAnyway: boolean };
type Props = {
  lesson: ScheduleEvent;
  /** The office may grant credits outside the school's rules. */
  mayGrantAnyway: boolean;
  onDone: () => void;
  onBack: () => void;
};

/**
 * Cancel a lesson (or it and the following ones) with a reason. The dialog restates the lesson
 * and, before confirming, says what it gives each student: a make-up credit until when, or why
 * not (the school's rules and notice window); staff choose to bank, and the office may override.
 */
export function CancelLessonForm({ lesson, mayGrantAnyway, onDone, onBack }: Props) {
  const form = useForm<Shape, unknown, LessonCancelInput>({
    resolver: zodResolver(lessonCancelBody) as unknown as Resolver<Shape, unknown, LessonCancelInput>,
    defaultValues: { id: lesson._id, scope: 'this', cancelReason: '', bank: false, grantAnyway: false },
  });
  const { errors } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const [bank, grantAnyway, scope] = useWatch({ control: form.control, name: ['bank', 'grantAnyway', 'scope'] });
  const preview = useCancelPreview(lesson._id);
  const cancel = useCancelLesson();
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<CancelAnswer | null>(null);
  const { who, type } = lessonLabel(lesson);
  const family = preview.data?.familyBanks ?? false;

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
        scrollToFirstError(formRef.current);
      },
    });
  }, () => scrollToFirstError(formRef.current));

  if (answer) return <BankOutcomes answer={answer} onDone={onDone} />;

  return (
    <form ref={formRef} noValidate onSubmit={save} aria-label="Cancel lesson">
      <Stack gap="md">
        <div aria-label="The lesson to cancel" role="group">
          <Text fw={700}>{who ? `${who} – ${type}` : type}</Text>
          <Text size="sm">{formatLessonWhen(lesson.start, lesson.end)}</Text>
          {(lesson.teacher || lesson.room) && (
            <Text size="sm" c="dimmed">
              {[lesson.teacher ? fullName(lesson.teacher) : null, lesson.room?.roomName].filter(Boolean).join(' · ')}
            </Text>
          )}
        </div>
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
        {!family && (
          <Checkbox label="Bank this lesson" description="Each student gets a make-up credit, within the school's rules." {...form.register('bank')} />
        )}
        {mayGrantAnyway && bank && <Checkbox label="Grant a credit even outside the rules" {...form.register('grantAnyway')} />}
        {lesson.seriesId && !family && (
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
        <CreditOutcome
          preview={preview.data}
          loading={preview.isPending}
          error={preview.isError ? errorMessage(preview.error) : null}
          banking={family || bank}
          byHand={bank && grantAnyway && mayGrantAnyway}
          following={scope === 'following'}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={cancel.isPending}>
            Keep lesson
          </Button>
          <Button type="submit" color="red.9" loading={cancel.isPending}>
            Cancel lesson
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type OutcomeProps = { preview: CancelPreview | undefined; loading: boolean; error: string | null; banking: boolean; byHand: boolean; following: boolean };

/** Before confirming: per student, whether a make-up credit will be banked, until when, or why not. */
export function CreditOutcome({ preview, loading, error, banking, byHand, following }: OutcomeProps) {
  const title = 'Make-up credit';
  if (loading) {
    return (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" aria-label="Checking the make-up rules" />
        <Text size="sm">Checking the school's make-up rules…</Text>
      </Group>
    );
  }
  if (error || !preview) return <Alert color="red" title="Could not check the make-up rules">{error}</Alert>;
  const lines = !banking
    ? ['No make-up credit: this lesson is not banked.']
    : preview.bank.length === 0
      ? ['No make-up credit: the lesson has no students.']
      : preview.bank.map((o) => {
          const name = fullName(o.student);
          if (o.credited) return `${name} gets a make-up credit until ${o.expiresAt ? formatDay(o.expiresAt) : 'further notice'}.`;
          if (byHand) return `${name} gets a make-up credit (granted outside the rules: ${o.reason ?? 'override'}).`;
          return `${name} gets no make-up credit: ${o.reason ?? 'outside the school\u2019s rules'}.`;
        });
  return (
    <Alert color={banking ? 'blue' : 'gray'} title={title} aria-live="polite">
      <List size="sm" spacing={2}>
        {lines.map((l) => (
          <List.Item key={l}>{l}</List.Item>
        ))}
      </List>
      {following && banking && <Text size="xs" mt={4}>Each following lesson is decided by the same rules.</Text>}
      {banking && !byHand && <Text size="xs" mt={4}>Credits need at least {preview.noticeHours} hours' notice.</Text>}
    </Alert>
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
