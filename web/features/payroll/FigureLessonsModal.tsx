import { Skeleton, Table, Text } from '@mantine/core';
import { LESSON_KIND_LABELS, PAID_REASON_LABELS, type LessonKind } from '../../../shared/contracts/payroll';
import { AppModal } from '../../components/AppModal';
import { QueryError } from '../../components/QueryError';
import { usePayrollLessons } from './api';
import { ResponsiveTable } from '../../components/ResponsiveTable';

export type Figure = { teacherId: string; teacherName: string; kind: LessonKind };

/** The lessons behind one figure: when, what, who, and why it is paid. Times carry the school's offset. */
export function FigureLessonsModal({ payrollId, figure, onClose }: { payrollId: string; figure: Figure | null; onClose: () => void }) {
  const lessons = usePayrollLessons(payrollId, figure && { teacherId: figure.teacherId, kind: figure.kind });
  const when = (iso: string) => {
    const [date, time] = iso.split('T');
    return `${date} ${time!.slice(0, 5)}`;
  };
  return (
    <AppModal opened={!!figure} onClose={onClose} size="lg" title={figure ? `${figure.teacherName}: ${LESSON_KIND_LABELS[figure.kind]} lessons` : ''}>
      {lessons.isError ? (
        <QueryError error={lessons.error} onRetry={() => void lessons.refetch()} title="Could not load the lessons" />
      ) : !lessons.data ? (
        <Skeleton h={120} />
      ) : lessons.data.length === 0 ? (
        <Text size="sm">No lessons.</Text>
      ) : (
        <ResponsiveTable columns={['Date', 'Lesson type', 'Students', 'Paid as']} label="Lessons behind this figure" minWidth={420}>
          {lessons.data.map((l) => (
            <Table.Tr key={l._id}>
              <Table.Td>{when(l.date)}</Table.Td>
              <Table.Td>{l.lessonType}</Table.Td>
              <Table.Td>{l.students.join(', ') || '—'}</Table.Td>
              <Table.Td>{PAID_REASON_LABELS[l.reason]}</Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      )}
    </AppModal>
  );
}
