import { Button, EmptyState, Group, Table, Text } from '@mantine/core';
import { IconDoor, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SCHEDULING_MESSAGES, type RoomItem } from '../../../shared/contracts/scheduling';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListCard, ListTable } from '../../components/ListTable';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { RoomsForm } from './RoomsForm';
import { ROOMS_PAGE_SIZE, useRemoveRoom, useRoomList } from './setupApi';

type Editing = null | { mode: 'add' } | { mode: 'edit'; room: RoomItem };

function DeleteRoomModal({ room, onClose }: { room: RoomItem | null; onClose: () => void }) {
  const remove = useRemoveRoom();
  const confirm = () => {
    if (!room) return;
    remove.mutate(room._id, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.roomDeleted);
        onClose();
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };
  return (
    <ConfirmModal opened={room !== null} onClose={onClose} title="Delete room" onConfirm={confirm} loading={remove.isPending}>
      {`Delete ${room?.roomName ?? ''}? Lessons booked in it keep their time but no longer name a room.`}
    </ConfirmModal>
  );
}

/** The school's rooms, 10 a page (docs/domains/scheduling.md "Limits"), added and edited in a modal. */
export function RoomsTab() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RoomItem | null>(null);
  const list = useRoomList(page);
  const { results, totalPages } = usePagedResults(list.data, ROOMS_PAGE_SIZE, page, setPage);
  const close = () => setEditing(null);

  return (
    <ListCard>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Rooms lessons can be booked in; two lessons in one room at once are refused.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>
          Add Room
        </Button>
      </Group>
      <ListTable
        query={list}
        rowCount={results.length}
        columns={['Room Name', 'Capacity', 'Actions']}
        errorTitle="Could not load rooms"
        empty={<EmptyState icon={<IconDoor size={28} />} title="No rooms yet" description="Add the rooms your lessons take place in." />}
        minWidth={480}
        label="Rooms"
        pagination={{ page, totalPages, onChange: setPage }}
      >
        {results.map((room) => (
          <Table.Tr key={room._id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {room.roomName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={room.capacity === null ? 'dimmed' : undefined}>
                {room.capacity ?? 'Not set'}
              </Text>
            </Table.Td>
            <Table.Td>
              <RowActions>
                <EditAction name={room.roomName} onClick={() => setEditing({ mode: 'edit', room })} />
                <DeleteAction name={room.roomName} onClick={() => setDeleting(room)} />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <AppModal opened={editing !== null} onClose={close} title={editing?.mode === 'edit' ? 'Edit Room' : 'Add Room'}>
        {editing && <RoomsForm room={editing.mode === 'edit' ? editing.room : undefined} onDone={close} />}
      </AppModal>
      <DeleteRoomModal room={deleting} onClose={() => setDeleting(null)} />
    </ListCard>
  );
}
