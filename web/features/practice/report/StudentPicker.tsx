import { Select, Stack } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { EmptyCard } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { FormSkeleton } from '../../../components/QueryContent';
import { fullName } from '../../../lib/format';
import { usePracticeStudents } from '../api';

type Props = { label?: string; render: (studentId: string) => ReactNode };

/** Picks one of the students whose practice the caller may read (a parent's children, a teacher's students), the first at first. */
export function StudentPicker({ label = 'Student', render }: Props) {
  const students = usePracticeStudents();
  const [chosen, setChosen] = useState<string | null>(null);
  if (students.isPending) return <FormSkeleton label="Loading the students" rows={2} />;
  if (students.isError) return <QueryError error={students.error} onRetry={() => void students.refetch()} title="Could not load the students" />;
  const options = students.data.results.map((s) => ({ value: s._id, label: fullName(s) }));
  if (options.length === 0) return <EmptyCard icon={<IconUsers size={28} />} title="No students yet" description="Practice shows here once there are students." />;
  const studentId = chosen && options.some((o) => o.value === chosen) ? chosen : options[0]!.value;
  return (
    <Stack gap="md">
      <Select label={label} data={options} value={studentId} onChange={(v) => v && setChosen(v)} allowDeselect={false} searchable w={{ base: '100%', sm: 280 }} />
      {render(studentId)}
    </Stack>
  );
}
