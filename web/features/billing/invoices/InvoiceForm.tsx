import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  INVOICE_LINES_MAX, invoiceForm, TEXT_MAX_NOTE, type InvoiceDefaults, type InvoiceDetails, type InvoiceFormInput,
} from '../../../../shared/contracts/billing-invoices';
import { moneyField } from '../../../../shared/contracts/money';
import { formatMoney, invoiceTotalsOf, lineAmountCents } from '../../../../shared/money';
import { FormFailure } from '../../../components/FormParts';
import { PersonSelectField } from '../../../components/PersonSelectField';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { applyFieldErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { searchPeople } from '../../../components/peopleSearch';
import { useBillTo, useCreateInvoice, useUpdateInvoice } from './api';
import { AddLessons } from './AddLessons';
import type { FormShape, LineShape } from './formShape';
import { scrollToFirstError } from '../../../lib/scrollToError';

const blankLine = (): LineShape => ({ description: '', quantity: '1', unitPrice: '', lessonId: null });
const searchStudents = (text: string) => searchPeople('student', text);
const STUDENTS_KEY = ['invoices', 'students'] as const;

/** Cents of a typed amount, or 0 while it is not a valid one (the totals stay live as people type). */
const centsOf = (typed: string) => {
  const parsed = moneyField.safeParse(typed);
  return parsed.success ? parsed.data : 0;
};
const quantityOf = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed) : 0);

function shapeOf(draft: InvoiceDetails | undefined, defaults: InvoiceDefaults): FormShape {
  if (!draft) return { studentId: '', lines: [blankLine()], discount: '', dueOn: defaults.dueOn, note: '' };
  return {
    studentId: draft.student._id,
    lines: draft.lines.map((l) => ({ description: l.description, quantity: String(l.quantity), unitPrice: l.unitPrice.toFixed(2), lessonId: l.lessonId })),
    discount: draft.discount > 0 ? draft.discount.toFixed(2) : '',
    dueOn: draft.dueOn,
    note: draft.note,
  };
}

type Props = { defaults: InvoiceDefaults; draft?: InvoiceDetails };

/**
 * The New Invoice form: the student billed (and who pays), line items or the student's lessons
 * from the calendar, a discount, the due date and a note; "Save as draft" or "Send".
 */
export function InvoiceForm({ defaults, draft }: Props) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<FormShape>({ resolver: zodResolver(invoiceForm) as unknown as Resolver<FormShape>, defaultValues: shapeOf(draft, defaults) });
  const { errors } = form.formState;
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [studentId, watchedLines, discount] = useWatch({ control: form.control, name: ['studentId', 'lines', 'discount'] });
  const billTo = useBillTo(studentId);
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const totals = invoiceTotalsOf(watchedLines.map((l) => ({ quantity: quantityOf(String(l.quantity)), unitPriceCents: centsOf(l.unitPrice) })), centsOf(discount));

  const fieldNames = () => ['studentId', 'lines', 'discount', 'dueOn', 'note', ...watchedLines.flatMap((_, i) =>
    (['description', 'quantity', 'unitPrice', 'lessonId'] as const).map((f) => `lines.${i}.${f}` as const))] as const;

  const submit = (send: boolean) => form.handleSubmit(() => {
    setFailure(null);
    // The typed dollars go to the server as typed: it computes every cent itself.
    const values: InvoiceFormInput = { ...form.getValues(), send };
    const callbacks = {
      onSuccess: (result: { message: string; data: { _id: string } }) => {
        notifySuccess(result.message);
        void navigate(`/studentbilling/invoiceList?invoice=${result.data._id}`);
      },
      onError: (error: unknown) => {
        if (!applyFieldErrors(error, form.setError as (f: string, e: { type: 'server'; message: string }, o: { shouldFocus: boolean }) => void, fieldNames())) setFailure(errorMessage(error));
        scrollToFirstError(formRef.current);
      },
    };
    if (draft) update.mutate({ ...values, id: draft._id }, callbacks);
    else create.mutate(values, callbacks);
  }, () => scrollToFirstError(formRef.current));

  const addLessonLines = (added: LineShape[]) => {
    const current = form.getValues('lines');
    const onlyBlank = current.length === 1 && !current[0]!.description && !current[0]!.unitPrice;
    if (onlyBlank) lines.replace(added);
    else lines.append(added);
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(false)(e)} aria-label={draft ? `Edit ${draft.number}` : 'New Invoice'}>
      <Stack gap="lg">
        <FormFailure message={failure} title="Could not save the invoice" />
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">Bill to</Title>
            <PersonSelectField
              control={form.control}
              name="studentId"
              label="Student"
              required
              placeholder="Type a student's name"
              error={errors.studentId?.message}
              known={draft ? { value: draft.student._id, label: fullName(draft.student) } : null}
              queryKey={STUDENTS_KEY}
              search={searchStudents}
              w={{ base: '100%', sm: 360 }}
            />
            {billTo.data && (
              <Text size="sm" aria-live="polite">
                Paid by <b>{fullName(billTo.data.payer)}</b> ({billTo.data.payer.role === 'parent' ? 'parent' : 'the student'})
                {billTo.data.payer.email ? ` · ${billTo.data.payer.email}` : ' · no email address: share the pay link once sent'}
              </Text>
            )}
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">Lines</Title>
            {lines.fields.map((field, i) => {
              const lineErrors = errors.lines?.[i];
              const amount = lineAmountCents(quantityOf(String(watchedLines[i]?.quantity ?? '')), centsOf(watchedLines[i]?.unitPrice ?? ''));
              return (
                <fieldset key={field.id} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                  <legend style={{ padding: 0 }}>
                    <Text size="xs" c="dimmed" fw={600}>Line {i + 1}</Text>
                  </legend>
                  <Group align="flex-start" gap="sm" wrap="wrap">
                    <TextInput label="Description" required style={{ flex: '1 1 240px', minWidth: 0 }} error={lineErrors?.description?.message ?? lineErrors?.lessonId?.message} {...form.register(`lines.${i}.description`)} />
                    <TextInput label="Quantity" required inputMode="numeric" w={90} error={lineErrors?.quantity?.message} {...form.register(`lines.${i}.quantity`)} />
                    <TextInput label="Unit price" required inputMode="decimal" leftSection="$" w={130} error={lineErrors?.unitPrice?.message} {...form.register(`lines.${i}.unitPrice`)} />
                    <TextInput label="Amount" readOnly variant="filled" tabIndex={-1} w={110} value={formatMoney(amount)} />
                    <ActionIcon variant="subtle" color="red.9" mt={26} aria-label={`Remove line ${i + 1}`} disabled={lines.fields.length === 1} onClick={() => lines.remove(i)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </fieldset>
              );
            })}
            {errors.lines?.message && <Text size="sm" c="red" role="alert">{errors.lines.message}</Text>}
            {errors.lines?.root?.message && <Text size="sm" c="red" role="alert">{errors.lines.root.message}</Text>}
            <Button variant="default" w="fit-content" leftSection={<IconPlus size={16} />} disabled={lines.fields.length >= INVOICE_LINES_MAX} onClick={() => lines.append(blankLine())}>
              Add line
            </Button>
            <AddLessons
              studentId={studentId}
              defaults={defaults}
              onStudentMissing={() => form.setError('studentId', { type: 'manual', message: 'Student is Required' }, { shouldFocus: true })}
              onAdd={addLessonLines}
            />
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap="sm">
              <TextInput label="Discount" inputMode="decimal" leftSection="$" placeholder="0.00" error={errors.discount?.message} {...form.register('discount')} />
              <TextInput label="Due date" type="date" required error={errors.dueOn?.message} {...form.register('dueOn')} />
              <Textarea label="Note" rows={3} maxLength={TEXT_MAX_NOTE} placeholder="Shown on the invoice" error={errors.note?.message} {...form.register('note')} />
            </Stack>
            <Stack gap={4} role="group" aria-label="Totals" justify="flex-end">
              <Row label="Subtotal" value={formatMoney(totals.subtotalCents)} />
              <Row label="Discount" value={`-${formatMoney(totals.discountCents)}`} />
              <Row label="Total" value={formatMoney(totals.totalCents)} strong />
            </Stack>
          </SimpleGrid>
        </Card>

        <Group justify="flex-end" gap="sm">
          <Button type="submit" variant="default" loading={pending}>Save as draft</Button>
          <Button type="button" loading={pending} onClick={(e) => void submit(true)(e)}>Send</Button>
        </Group>
      </Stack>
    </form>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>{label}</Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>{value}</Text>
    </Group>
  );
}
