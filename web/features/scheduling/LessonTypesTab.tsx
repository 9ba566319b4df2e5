import { Badge, Button, EmptyState, Group, Table, Text } from '@mantine/core';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SCHEDULING_MESSAGES, type LessonTypeItem } from '../../../shared/contracts/scheduling';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListCard, ListTable } from '../../components/ListTable';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { KIND_LABELS, LessonTypesForm } from './LessonTypesForm';
import { SETUP_PAGE_SIZE, useLessonTypeList, useRemoveLessonType } from './setupApi';

type Editing = null | { mode: 'add' } | { mode: 'edit'; lessonType: LessonTypeItem };

function DeleteLessonTypeModal({ lessonType, onClose }: { lessonType: LessonTypeItem | null; onClose: () => void }) {
  const remove = useRemoveLessonType();
  const confirm = () => {
    if (!lessonType) return;
    remove.mutate(lessonType._id, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.lessonTypeDeleted);
        onClose();
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };
  return (
    <ConfirmModal opened={lessonType !== null} onClose={onClose} title="Delete lesson type" onConfirm={confirm} loading={remove.isPending}>
      {`Delete ${lessonType?.name ?? ''}? A type that has lessons cannot be deleted.`}
    </ConfirmModal>
  );
}

/** The kinds of lesson the school gives, with their usual length. */
export function LessonTypesTab() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LessonTypeItem | null>(null);
  const list = useLessonTypeList(page);
  const { results, totalPages } = usePagedResults(list.data, SETUP_PAGE_SIZE, page, setPage);
  const close = () => setEditing(null);

  return (
    <ListCard>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Each lesson has a type; a new lesson takes its type&apos;s length unless you change it.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>
          Add Lesson Type
        </Button>
      </Group>
      <ListTable
        query={list}
        rowCount={results.length}
        columns={['Name', 'Kind', 'Default duration', 'Actions']}
        errorTitle="Could not load lesson types"
        empty={<EmptyState icon={<IconCategory size={28} />} title="No lesson types yet" description="Add the kinds of lesson you give." />}
        minWidth={560}
        label="Lesson Types"
        pagination={{ page, totalPages, onChange: setPage }}
      >
        {results.map((type) => (
          <Table.Tr key={type._id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {type.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={type.kind === 'private' ? 'blue' : 'grape'} tt="none">
                {KIND_LABELS[type.kind]}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{type.durationMinutes} min</Text>
            </Table.Td>
            <Table.Td>
              <RowActions>
                <EditAction name={type.name} onClick={() => setEditing({ mode: 'edit', lessonType: type })} />
                <DeleteAction name={type.name} onClick={() => setDeleting(type)} />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <AppModal opened={editing !== null} onClose={close} title={editing?.mode === 'edit' ? 'Edit Lesson Type' : 'Add Lesson Type'}>
        {editing && <LessonTypesForm lessonType={editing.mode === 'edit' ? editing.lessonType : undefined} onDone={close} />}
      </AppModal>
      <DeleteLessonTypeModal lessonType={deleting} onClose={() => setDeleting(null)} />
    </ListCard>
  );
}
