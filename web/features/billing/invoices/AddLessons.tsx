import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { INVOICE_MESSAGES, lessonLinesBody, type InvoiceDefaults } from '../../../../shared/contracts/billing-invoices';
import { ApiError, errorMessage } from '../../../lib/api';
import { fetchLessonLines } from './api';
import type { LineShape } from './formShape';

type Props = {
  studentId: string;
  defaults: InvoiceDefaults;
  onStudentMissing: () => void;
  onAdd: (lines: LineShape[]) => void;
};

type Range = { from: string; to: string; unitPrice: string };

/** "Add this student's lessons from … to … at $ per lesson": one line a lesson of the calendar. */
export function AddLessons({ studentId, defaults, onStudentMissing, onAdd }: Props) {
  const [range, setRange] = useState<Range>({ from: defaults.today, to: defaults.dueOn, unitPrice: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Range, string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const set = (patch: Partial<Range>) => setRange((r) => ({ ...r, ...patch }));

  const add = async () => {
    setNote(null);
    if (!studentId) return onStudentMissing();
    const parsed = lessonLinesBody.safeParse({ studentId, ...range });
    if (!parsed.success) {
      const next: Partial<Record<keyof Range, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Range;
        if (field in range) next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    setLoading(true);
    try {
      const answer = await fetchLessonLines({ studentId, ...range });
      if (answer.lines.length === 0) {
        setNote(answer.alreadyInvoiced > 0 ? `${INVOICE_MESSAGES.noLessons} that are not on an invoice already (${answer.alreadyInvoiced} are).` : `${INVOICE_MESSAGES.noLessons}.`);
        return;
      }
      onAdd(answer.lines.map((l) => ({ description: l.description, quantity: String(l.quantity), unitPrice: l.unitPrice.toFixed(2), lessonId: l.lessonId })));
      setNote(`Added ${answer.lines.length} lesson${answer.lines.length === 1 ? '' : 's'}${answer.alreadyInvoiced > 0 ? `; ${answer.alreadyInvoiced} already on an invoice were left out` : ''}.`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        if (error.errors.studentId) onStudentMissing();
        setErrors({ from: error.errors.from, to: error.errors.to, unitPrice: error.errors.unitPrice });
      } else {
        setNote(errorMessage(error));
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" bg="gray.0" role="group" aria-label="Add lessons from the calendar">
      <Stack gap="sm">
        <Text size="sm" fw={600}>Add this student's lessons from the calendar</Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="From" type="date" value={range.from} onChange={(e) => set({ from: e.currentTarget.value })} error={errors.from} w={{ base: '100%', xs: 170 }} />
          <TextInput label="To" type="date" value={range.to} onChange={(e) => set({ to: e.currentTarget.value })} error={errors.to} w={{ base: '100%', xs: 170 }} />
          <TextInput label="Price per lesson" inputMode="decimal" leftSection="$" value={range.unitPrice} onChange={(e) => set({ unitPrice: e.currentTarget.value })} error={errors.unitPrice} w={{ base: '100%', xs: 150 }} />
          <Button variant="light" mt={{ base: 0, xs: 25 }} leftSection={<IconCalendarPlus size={16} />} loading={loading} onClick={() => void add()}>
            Add lessons
          </Button>
        </Group>
        {note && <Text size="sm" aria-live="polite">{note}</Text>}
      </Stack>
    </Card>
  );
}
