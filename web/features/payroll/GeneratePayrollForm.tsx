import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { generatePayrollBody } from '../../../shared/contracts/payroll';
import { PeopleMultiSelect } from '../../components/PeopleMultiSelect';
import { ApiError, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { searchPeople } from '../../components/peopleSearch';
import { useGeneratePayroll } from './api';
import { lastMonth } from './money';

const searchTeachers = (text: string) => searchPeople('teacher', text);

/** Generate: a period (last month by default) and all teachers or the ones chosen. */
export function GeneratePayrollForm({ onGenerated }: { onGenerated: (id: string) => void }) {
  const [form, setForm] = useState(() => ({ ...lastMonth(), teacherIds: [] as string[] }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const generate = useGeneratePayroll();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = generatePayrollBody.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    generate.mutate(form, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onGenerated(res.data._id);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
        else notifyError(errorMessage(error), 'Could not generate');
      },
    });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="generate-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title id="generate-title" order={2} size="h4">Generate payroll</Title>
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextInput label="From" type="date" required value={form.from} error={errors.from}
              onChange={(e) => setForm({ ...form, from: e.currentTarget.value })} w={{ base: '100%', sm: 170 }} />
            <TextInput label="To" type="date" required value={form.to} error={errors.to}
              onChange={(e) => setForm({ ...form, to: e.currentTarget.value })} w={{ base: '100%', sm: 170 }} />
            <PeopleMultiSelect label="Teachers" placeholder="All teachers" value={form.teacherIds} error={errors.teacherIds}
              onChange={(teacherIds) => setForm({ ...form, teacherIds })} queryKey={['payroll', 'teachers']} search={searchTeachers} />
          </Group>
          <Group>
            <Button type="submit" loading={generate.isPending}>Generate</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
