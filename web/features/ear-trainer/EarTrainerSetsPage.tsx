import { Badge, Button, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconEar, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Level } from '../../../shared/constants';
import type { ExerciseSet } from '../../../shared/contracts/ear-trainer';
import { KIND_LABELS } from '../../../shared/ear-trainer-theory';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { capitalize } from '../../lib/format';
import { useConfirmedDelete } from '../../lib/useConfirmedDelete';
import { usePagedResults } from '../../lib/useListState';
import { SETS_PAGE_SIZE, useExerciseSets, useRemoveSet } from './api';
import { LEVEL_OPTIONS, SetFormModal, type SetEditing } from './SetFormModal';

/** Ear Trainer (/musicalInteractives/earTrainer, the superadmin's): the exercise sets of each level. */
export default function EarTrainerSetsPage() {
  const [page, setPage] = useState(1);
  const [level, setLevel] = useState<Level | null>(null);
  const [editing, setEditing] = useState<SetEditing>(null);
  const list = useExerciseSets({ page, ...(level ? { level } : {}) });
  const remove = useRemoveSet();
  const { deleting, setDeleting, dialog } = useConfirmedDelete<ExerciseSet>(remove);
  const { results, totalPages } = usePagedResults(list.data, SETS_PAGE_SIZE, page, setPage);

  return (
    <Stack gap="lg">
      <PageHeader title="Ear Trainer" subtitle="Exercise sets for each level: the intervals, chords and scales students hear and name."
        actions={<Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>Add set</Button>} />
      <Group>
        <Select label="Level" placeholder="All levels" clearable data={LEVEL_OPTIONS} value={level} w={200}
          onChange={(v) => { setLevel(v as Level | null); setPage(1); }} />
      </Group>
      <ListCard>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Name', 'Level', 'Exercises', 'Items', 'Actions']}
          errorTitle="Could not load the exercise sets"
          empty={<EmptyState icon={<IconEar size={28} />} title="No exercise sets yet" description="Add a set for a level: its students then train on it." />}
          minWidth={720}
          label="Exercise sets"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td><Text size="sm" fw={500}>{s.name}</Text></Table.Td>
              <Table.Td><Badge variant="light" tt="none">{capitalize(s.level)}</Badge></Table.Td>
              <Table.Td><Text size="sm">{s.kinds.map((k) => KIND_LABELS[k]).join(', ')}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.items.length}</Text></Table.Td>
              <Table.Td>
                <RowActions>
                  <EditAction name={s.name} onClick={() => setEditing({ mode: 'edit', set: s })} />
                  <DeleteAction name={s.name} onClick={() => setDeleting(s)} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <SetFormModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmModal {...dialog} title="Delete exercise set">
        {deleting ? `Delete ${deleting.name}? Students keep their results; the set’s questions are no longer asked.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
