import { Badge, EmptyState, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { formatMoney } from '../../../shared/money';
import type { StudentReportRow } from '../../../shared/contracts/reports';
import { ListTable, type ListQueryState } from '../../components/ListTable';
import { fullName } from '../../lib/format';

type Props = {
  query: ListQueryState;
  rows: StudentReportRow[];
  currency: string;
  pagination: { page: number; totalPages: number; onChange: (page: number) => void };
};

const COLUMNS = ['Student', 'Scheduled', 'Attended', 'Missed', 'Banked', 'Attendance', 'Practice', 'Assignments done', 'Invoices', 'Balance', 'Instruments', 'Quizzes'];

const num = (value: number) => <Text size="sm" ta="right">{value.toLocaleString()}</Text>;

/** One row a student: the period's lessons, practice, money and quiz scores. */
export function StudentReportTable({ query, rows, currency, pagination }: Props) {
  return (
    <ListTable
      query={query}
      rowCount={rows.length}
      columns={COLUMNS}
      errorTitle="Could not load the student report"
      empty={<EmptyState icon={<IconUsers size={28} />} title="No students" description="No student matches these filters. Try other filters." />}
      minWidth={1220}
      label="Student report"
      pagination={pagination}
      keyboardScroll
    >
      {rows.map((row) => (
        <Table.Tr key={row._id}>
          <Table.Td>
            <Text size="sm" fw={500}>{fullName(row)}</Text>
            {row.status === 'inactive' && <Badge size="xs" variant="light" color="gray.8" tt="none">Inactive</Badge>}
          </Table.Td>
          <Table.Td>{num(row.scheduled)}</Table.Td>
          <Table.Td>{num(row.attended)}</Table.Td>
          <Table.Td>{num(row.missed)}</Table.Td>
          <Table.Td>{num(row.banked)}</Table.Td>
          <Table.Td><Text size="sm" ta="right">{row.attendanceRate === null ? '—' : `${row.attendanceRate}%`}</Text></Table.Td>
          <Table.Td><Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>{row.practiceMinutes.toLocaleString()} min</Text></Table.Td>
          <Table.Td>{num(row.assignmentsDone)}</Table.Td>
          <Table.Td>
            <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>{row.invoices} · {formatMoney(row.invoicedCents, currency)}</Text>
          </Table.Td>
          <Table.Td><Text size="sm" ta="right" fw={row.balanceCents > 0 ? 600 : undefined}>{formatMoney(row.balanceCents, currency)}</Text></Table.Td>
          <Table.Td>
            <Text size="sm" c={row.instruments.length ? undefined : 'dimmed'}>
              {row.instruments.length ? row.instruments.map((i) => `${i.name} (${i.level})`).join(', ') : 'None'}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={row.quizAttempts ? undefined : 'dimmed'}>
              {row.quizAttempts ? `${row.quizAttempts} · best ${row.quizBestPercent}% · last ${row.quizLastPercent}%` : 'None'}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
