import { Badge, EmptyState, Table, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { AttendanceRow } from '../../../shared/contracts/attendance';
import { ATTENDANCE_LABELS } from '../../../shared/contracts/scheduling';
import { ListTable, type ListQueryState } from '../../components/ListTable';
import { fullName } from '../../lib/format';
import { schoolDateTime } from './dates';
import { STATUS_COLORS } from './statusColors';

/** On a phone's card the student leads (docs/decisions/089-lists-as-cards-on-phones.md). */
const COLUMNS = ['Date', 'Time', { label: 'Student', place: 'title' }, 'Teacher', 'Lesson type', 'Status'] as const;

type Props = {
  query: ListQueryState;
  rows: AttendanceRow[];
  timeZone: string;
  pagination: { page: number; totalPages: number; onChange: (page: number) => void };
};

/** One row a student a lesson, newest first, on the school's clock. */
export function AttendanceTable({ query, rows, timeZone, pagination }: Props) {
  return (
    <ListTable
      query={query}
      rowCount={rows.length}
      columns={COLUMNS}
      errorTitle="Could not load attendance"
      empty={
        <EmptyState
          icon={<IconCalendarOff size={28} />}
          title="No attendance in this period"
          description="Attendance shows here once it is taken. Try a longer period or other filters."
        />
      }
      minWidth={760}
      label="Attendance"
      pagination={pagination}
    >
      {rows.map((row) => {
        const { date, time } = schoolDateTime(row.date, timeZone);
        return (
          <Table.Tr key={row._id}>
            <Table.Td>
              <Text size="sm">{date}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {time}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {fullName(row.student)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={row.teacher ? undefined : 'dimmed'}>
                {row.teacher ? fullName(row.teacher) : 'Not shown'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{row.lessonType}</Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="dot" color={STATUS_COLORS[row.status]} tt="none">
                {ATTENDANCE_LABELS[row.status]}
              </Badge>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
