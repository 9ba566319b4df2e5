import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { adjustmentBody, type PayrollTeacher } from '../../../shared/contracts/payroll';
import { AppModal } from '../../components/AppModal';
import { ApiError, errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAddAdjustment } from './api';

const KINDS = [{ value: 'bonus', label: 'Bonus' }, { value: 'deduction', label: 'Deduction' }];

/** A bonus or deduction with its reason, for one of the payroll's teachers. */
export function AdjustmentModal({ payrollId, teachers, opened, onClose }: { payrollId: string; teachers: PayrollTeacher[]; opened: boolean; onClose: () => void }) {
  const empty = { teacherId: teachers[0]?.teacher._id ?? '', kind: 'bonus' as 'bonus' | 'deduction', amount: '', reason: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddAdjustment();
  const close = () => {
    setForm(empty);
    setErrors({});
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...form, payrollId };
    const parsed = adjustmentBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    add.mutate(body, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
        else notifyError(errorMessage(error), 'Could not add the adjustment');
      },
    });
  };
  return (
    <AppModal opened={opened} onClose={close} title="Add adjustment">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select label="Teacher" required data={teachers.map((t) => ({ value: t.teacher._id, label: fullName(t.teacher) }))} value={form.teacherId}
            error={errors.teacherId} allowDeselect={false} onChange={(v) => setForm({ ...form, teacherId: v ?? '' })} />
          <Select label="Type" required data={KINDS} value={form.kind} allowDeselect={false}
            onChange={(v) => setForm({ ...form, kind: (v ?? 'bonus') as 'bonus' | 'deduction' })} />
          <TextInput label="Amount ($)" required inputMode="decimal" value={form.amount} error={errors.amount}
            onChange={(e) => setForm({ ...form, amount: e.currentTarget.value })} />
          <TextInput label="Reason" required value={form.reason} error={errors.reason} maxLength={200}
            onChange={(e) => setForm({ ...form, reason: e.currentTarget.value })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={add.isPending}>Add</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
