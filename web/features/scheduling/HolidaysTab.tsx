import { Badge, Button, EmptyState, Group, Table, Text } from '@mantine/core';
import { IconBeach, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SCHEDULING_MESSAGES, type HolidayItem } from '../../../shared/contracts/scheduling';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListCard, ListTable } from '../../components/ListTable';
import { DeleteAction, RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { HolidaysForm } from './HolidaysForm';
import { formatDay } from './setupForms';
import { SETUP_PAGE_SIZE, useHolidayList, useRemoveHoliday } from './setupApi';

function DeleteHolidayModal({ holiday, onClose }: { holiday: HolidayItem | null; onClose: () => void }) {
  const remove = useRemoveHoliday();
  const confirm = () => {
    if (!holiday) return;
    remove.mutate(holiday._id, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.holidayDeleted);
        onClose();
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };
  const count = holiday?.lessonsCancelled ?? 0;
  return (
    <ConfirmModal opened={holiday !== null} onClose={onClose} title="Remove holiday" onConfirm={confirm} loading={remove.isPending} confirmLabel="Remove">
      {`Remove ${holiday?.name ?? ''}? The school is open again on those days: ` +
        (count === 0
          ? 'no lessons were cancelled by it.'
          : `its ${count} cancelled ${count === 1 ? 'lesson comes' : 'lessons come'} back on the calendar.`)}
    </ConfirmModal>
  );
}

/** School closures: recurring lessons skip them, banked or not. */
export function HolidaysTab() {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<HolidayItem | null>(null);
  const list = useHolidayList(page);
  const { results, totalPages } = usePagedResults(list.data, SETUP_PAGE_SIZE, page, setPage);

  return (
    <ListCard>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Lessons on a holiday are cancelled; bank them to give each student a make-up credit.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add Holiday
        </Button>
      </Group>
      <ListTable
        query={list}
        rowCount={results.length}
        columns={['Name', 'First day', 'Last day', 'Lessons cancelled', 'Actions']}
        errorTitle="Could not load holidays"
        empty={<EmptyState icon={<IconBeach size={28} />} title="No holidays yet" description="Add the days the school is closed." />}
        minWidth={640}
        label="Holidays"
        pagination={{ page, totalPages, onChange: setPage }}
      >
        {results.map((holiday) => (
          <Table.Tr key={holiday._id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {holiday.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDay(holiday.startsOn)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDay(holiday.endsOn)}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{holiday.lessonsCancelled}</Text>
                {holiday.bankLessons && (
                  <Badge size="sm" variant="light" color="blue">
                    Banked
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <RowActions>
                <DeleteAction name={holiday.name} onClick={() => setDeleting(holiday)} />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <AppModal opened={adding} onClose={() => setAdding(false)} title="Add Holiday">
        {adding && <HolidaysForm onDone={() => setAdding(false)} />}
      </AppModal>
      <DeleteHolidayModal holiday={deleting} onClose={() => setDeleting(null)} />
    </ListCard>
  );
}
