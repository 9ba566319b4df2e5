import { Badge, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import type { CreditItem } from '../../../shared/contracts/scheduling';
import { ListFilters } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PersonSelect } from '../../components/PersonSelect';
import { fullName } from '../../lib/format';
import { usePagedResults } from '../../lib/useListState';
import { formatDay } from './setupForms';
import { searchPeople } from '../../components/peopleSearch';
import { SETUP_PAGE_SIZE, studentOptionsKey, useCreditList, type CreditStatus } from './setupApi';

const searchStudents = (text: string) => searchPeople('student', text);

const STATUS_OPTIONS: { value: CreditStatus; label: string }[] = [
  { value: 'available', label: 'Available' },
  { value: 'bankedDue', label: 'Banked-due' },
  { value: 'used', label: 'Used' },
  { value: 'expired', label: 'Expired' },
  { value: 'all', label: 'All' },
];

const STATUS_BADGES: Record<CreditItem['status'], { label: string; color: string }> = {
  available: { label: 'Available', color: 'green' },
  used: { label: 'Used', color: 'gray' },
  expired: { label: 'Expired', color: 'red' },
  revoked: { label: 'Revoked', color: 'gray' },
};

function CreditRow({ credit }: { credit: CreditItem }) {
  const badge = STATUS_BADGES[credit.status];
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {fullName(credit.student)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{formatDay(credit.lesson.start)}</Text>
          <Text size="xs" c="dimmed">
            {credit.lesson.lesson_type}
            {credit.lesson.teacher ? ` · ${fullName(credit.lesson.teacher)}` : ''}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDay(credit.bankedExpDate)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge variant="dot" color={badge.color}>
            {badge.label}
          </Badge>
          {credit.bankedDue && credit.status === 'available' && (
            <Badge variant="filled" color="red.9">
              Banked-due
            </Badge>
          )}
          {credit.grantedByHand && (
            <Badge variant="outline" color="gray" tt="none">
              By hand
            </Badge>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Make-up credits of the school's students, soonest to expire first; banked-due ones flagged. */
export function CreditsTab() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<CreditStatus>('available');
  const [studentId, setStudentId] = useState<string | null>(null);
  const list = useCreditList({ page, status, studentId });
  const { results, totalPages } = usePagedResults(list.data, SETUP_PAGE_SIZE, page, setPage);
  const filtered = status !== 'available' || studentId !== null;

  return (
    <ListCard>
      <ListFilters
        filtered={filtered}
        onClear={() => {
          setStatus('available');
          setStudentId(null);
          setPage(1);
        }}
      >
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          allowDeselect={false}
          onChange={(value) => {
            setStatus((value as CreditStatus | null) ?? 'available');
            setPage(1);
          }}
          w={{ base: '100%', sm: 200 }}
        />
        <PersonSelect
          label="Student"
          placeholder="All students"
          value={studentId}
          onChange={(value) => {
            setStudentId(value);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', sm: 260 }}
          queryKey={studentOptionsKey}
          search={searchStudents}
        />
      </ListFilters>
      <ListTable
        query={list}
        rowCount={results.length}
        columns={['Student', 'Banked lesson', 'Expires', 'Status']}
        errorTitle="Could not load make-up credits"
        empty={
          <EmptyState
            icon={<IconTicket size={28} />}
            title={filtered ? 'No make-up credits match' : 'No make-up credits available'}
            description="A credit is given when a lesson is cancelled and banked."
          />
        }
        minWidth={640}
        label="Make-up Credits"
        pagination={{ page, totalPages, onChange: setPage }}
      >
        {results.map((credit) => (
          <CreditRow key={credit._id} credit={credit} />
        ))}
      </ListTable>
    </ListCard>
  );
}
