import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  firstPeriodFrom, recurringForm, scheduleLabel, type RecurringFormInput, type RecurringFrequency, type RecurringItem,
} from '../../../../shared/contracts/billing-recurring';
import { centsOf, formatMoney, subtotalCents } from '../../../../shared/money';
import { FormActions, FormFailure } from '../../../components/FormParts';
import { PersonSelect } from '../../../components/PersonSelect';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { searchPeople } from '../../../components/peopleSearch';
import { calendarDate, localDay } from '../reports/format';
import { useCreateRecurring, useUpdateRecurring } from './api';

type LineValues = { description: string; quantity: string; unitPrice: string };
export type RecurringValues = {
  studentId: string | null;
  lines: LineValues[];
  discount: string;
  frequency: RecurringFrequency;
  dayOfMonth: string;
  intervalWeeks: string;
  startsOn: string;
  endsOn: string;
  dueDays: string;
  autoSend: boolean;
  note: string;
};

const DAY_OPTIONS = Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const FREQUENCY_OPTIONS = [{ value: 'monthly', label: 'Monthly' }, { value: 'weekly', label: 'Every N weeks' }];
const emptyLine = (): LineValues => ({ description: '', quantity: '1', unitPrice: '' });

/** The form's values as the server takes them (the same contract validates both). */
export function toBody(v: RecurringValues): RecurringFormInput {
  return {
    studentId: v.studentId ?? '',
    lines: v.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice })),
    discount: v.discount,
    frequency: v.frequency,
    dayOfMonth: v.frequency === 'monthly' ? v.dayOfMonth : null,
    intervalWeeks: v.frequency === 'weekly' ? v.intervalWeeks : null,
    startsOn: v.startsOn,
    endsOn: v.endsOn || null,
    dueDays: v.dueDays,
    autoSend: v.autoSend,
    note: v.note,
  } as RecurringFormInput;
}

function initialValues(item: RecurringItem | null, defaultDueDays: number): RecurringValues {
  if (!item) {
    return {
      studentId: null, lines: [emptyLine()], discount: '0', frequency: 'monthly', dayOfMonth: '1', intervalWeeks: '1',
      startsOn: localDay(new Date()), endsOn: '', dueDays: String(defaultDueDays), autoSend: true, note: '',
    };
  }
  return {
    studentId: item.student._id,
    lines: item.lines.map((l) => ({ description: l.description, quantity: String(l.quantity), unitPrice: l.unitPrice.toFixed(2) })),
    discount: item.discount.toFixed(2),
    frequency: item.frequency,
    dayOfMonth: String(item.dayOfMonth ?? 1),
    intervalWeeks: String(item.intervalWeeks ?? 1),
    startsOn: item.startsOn,
    endsOn: item.endsOn ?? '',
    dueDays: String(item.dueDays),
    autoSend: item.autoSend,
    note: item.note,
  };
}

// The contract validates the values as they will be sent (the form keeps text and '' for a blank end).
const asSent = z.preprocess((v) => toBody(v as RecurringValues), recurringForm) as unknown as typeof recurringForm;
const resolver = zodResolver(asSent, undefined, { raw: true }) as unknown as Resolver<RecurringValues>;
const searchStudents = (text: string) => searchPeople('student', text);

/** "Monthly on day 1, first invoice Mar 1, 2026": what the schedule will do, as typed. */
function SchedulePreview({ control }: { control: ReturnType<typeof useForm<RecurringValues>>['control'] }) {
  const [frequency, dayOfMonth, intervalWeeks, startsOn] = useWatch({ control, name: ['frequency', 'dayOfMonth', 'intervalWeeks', 'startsOn'] });
  const schedule = { frequency, dayOfMonth: Number(dayOfMonth) || 1, intervalWeeks: Number(intervalWeeks) || 1, startsOn };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startsOn)) return null;
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {scheduleLabel(schedule)}; first invoice {calendarDate(firstPeriodFrom(schedule, localDay(new Date())))}.
    </Text>
  );
}

function Lines({ form }: { form: ReturnType<typeof useForm<RecurringValues>> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const errors = form.formState.errors;
  const lines = useWatch({ control: form.control, name: 'lines' });
  const subtotal = subtotalCents(lines.map((l) => ({ quantity: Number(l.quantity) || 0, unitPriceCents: centsOf(Number(l.unitPrice) || 0) })));
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm">Lines</Text>
      {fields.map((field, i) => (
        <Group key={field.id} align="flex-start" gap="xs" wrap="wrap">
          <TextInput label="Description" style={{ flex: '1 1 200px' }} error={errors.lines?.[i]?.description?.message} {...form.register(`lines.${i}.description`)} />
          <TextInput label="Quantity" inputMode="numeric" w={90} error={errors.lines?.[i]?.quantity?.message} {...form.register(`lines.${i}.quantity`)} />
          <TextInput label="Unit price" inputMode="decimal" w={130} leftSection={<Text size="sm">$</Text>} error={errors.lines?.[i]?.unitPrice?.message} {...form.register(`lines.${i}.unitPrice`)} />
          <ActionIcon variant="subtle" color="red" mt={26} aria-label={`Remove line ${i + 1}`} disabled={fields.length === 1} onClick={() => remove(i)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {errors.lines?.message && <Text c="red" size="sm" role="alert">{errors.lines.message}</Text>}
      {errors.lines?.root?.message && <Text c="red" size="sm" role="alert">{errors.lines.root.message}</Text>}
      <Group justify="space-between">
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => append(emptyLine())}>Add line</Button>
        <Text size="sm">Subtotal {formatMoney(subtotal)}</Text>
      </Group>
    </Stack>
  );
}

type Props = { item: RecurringItem | null; defaultDueDays: number; onDone: () => void };

/** Make or change a recurring invoice: the student, the lines, the schedule and its invoices' terms. */
export function RecurringForm({ item, defaultDueDays, onDone }: Props) {
  const create = useCreateRecurring();
  const update = useUpdateRecurring();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RecurringValues>({ resolver, defaultValues: initialValues(item, defaultDueDays) });
  const { errors, isSubmitting } = form.formState;
  const frequency = useWatch({ control: form.control, name: 'frequency' });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = toBody(values);
      const result = item ? await update.mutateAsync({ ...body, id: item._id }) : await create.mutateAsync(body);
      notifySuccess(result.message);
      onDone();
    } catch (error) {
      const fields = ['studentId', 'lines', 'discount', 'frequency', 'dayOfMonth', 'intervalWeeks', 'startsOn', 'endsOn', 'dueDays', 'note',
        ...values.lines.flatMap((_, i) => ['description', 'quantity', 'unitPrice'].map((f) => `lines.${i}.${f}`))] as (keyof RecurringValues)[];
      if (!applyFieldErrors(error, form.setError, fields)) setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={item ? 'Edit recurring invoice' : 'New recurring invoice'}>
      <Stack gap="md">
        <FormFailure message={failure} />
        <Controller
          control={form.control}
          name="studentId"
          render={({ field }) => (
            <PersonSelect
              label="Student"
              placeholder="Search students"
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.studentId?.message}
              known={item ? { value: item.student._id, label: `${item.student.first_name} ${item.student.last_name}` } : null}
              queryKey={['recurring-invoices', 'students']}
              search={searchStudents}
            />
          )}
        />
        <Lines form={form} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Discount" inputMode="decimal" leftSection={<Text size="sm">$</Text>} error={errors.discount?.message} {...form.register('discount')} />
          <Controller
            control={form.control}
            name="frequency"
            render={({ field }) => (
              <Select label="Repeat" data={FREQUENCY_OPTIONS} allowDeselect={false} error={errors.frequency?.message} {...field} />
            )}
          />
          {frequency === 'monthly' ? (
            <Controller
              control={form.control}
              name="dayOfMonth"
              render={({ field }) => (
                <Select label="Day of the month" data={DAY_OPTIONS} allowDeselect={false} error={errors.dayOfMonth?.message} {...field} />
              )}
            />
          ) : (
            <TextInput label="Every (weeks)" inputMode="numeric" error={errors.intervalWeeks?.message} {...form.register('intervalWeeks')} />
          )}
          <TextInput label="Starts on" type="date" error={errors.startsOn?.message} {...form.register('startsOn')} />
          <TextInput label="Ends on" description="Optional" type="date" error={errors.endsOn?.message} {...form.register('endsOn')} />
          <TextInput label="Days until due" inputMode="numeric" error={errors.dueDays?.message} {...form.register('dueDays')} />
        </SimpleGrid>
        <SchedulePreview control={form.control} />
        <Controller
          control={form.control}
          name="autoSend"
          render={({ field }) => (
            <Switch
              label="Send automatically"
              description="Email each invoice to the payer when it is issued; otherwise it waits in Invoicing as a draft"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Textarea label="Note" rows={2} error={errors.note?.message} {...form.register('note')} />
        <FormActions onCancel={onDone} pending={isSubmitting} submitLabel="Save" />
      </Stack>
    </form>
  );
}
