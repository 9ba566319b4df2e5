import { Button, EmptyState, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PRACTICE_FILTERS, type PracticeAssignment, type PracticeFilter } from '../../../shared/contracts/practice';
import { matchRoute } from '../../../shared/routes';
import type { Role } from '../../../shared/roles';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { PRACTICE_PAGE_SIZE, usePracticeList, usePracticeStudents, useRemovePractice } from './api';
import { dueDate } from './format';
import { PracticeDetails } from './PracticeDetails';
import { PracticeForm } from './PracticeForm';
import { PracticeStatusBadge } from './PracticeStatusBadge';
import { StudentPicker } from './report/StudentPicker';
import { PracticeReport } from './report/PracticeReport';

const FILTER_LABELS: Record<PracticeFilter, string> = { all: 'All', incomplete: 'Incomplete', complete: 'Complete' };

/** Where this role's route table has a page for an action; elsewhere it opens in a dialog on this page. */
const hasRoute = (role: Role, path: string) => matchRoute(role, path) !== undefined;

type Dialog = { kind: 'form'; item: PracticeAssignment | null } | { kind: 'view'; item: PracticeAssignment } | null;

function Students({ item }: { item: PracticeAssignment }) {
  const names = item.students.map(fullName);
  const shown = names.slice(0, 3).join(', ');
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>{names.length > 3 ? `${shown} +${names.length - 3}` : shown || '—'}</Text>
      {item.classGroup && <Text size="xs" c="dimmed">{item.classGroup.name}</Text>}
    </Stack>
  );
}

/**
 * /learning/practice for staff and teachers: the assignments they see, by due date, with each
 * one's progress; assign, change, delete; and a student's practice time (the report, per student).
 */
export function StaffPractice({ role }: { role: Role }) {
  const [tab, setTab] = useState<'assignments' | 'time'>('assignments');
  const [status, setStatusRaw] = useState<PracticeFilter>('all');
  const [studentId, setStudentIdRaw] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [removing, setRemoving] = useState<PracticeAssignment | null>(null);
  const list = usePracticeList({ page, status, studentId });
  const students = usePracticeStudents();
  const remove = useRemovePractice();
  const { results, totalPages } = usePagedResults(list.data, PRACTICE_PAGE_SIZE, page, setPage);
  const assignPage = hasRoute(role, '/learning/assign-practice');
  const viewPage = hasRoute(role, '/learning/view-practice/x');
  const setStatus = (v: string) => { setStatusRaw((PRACTICE_FILTERS as readonly string[]).includes(v) ? (v as PracticeFilter) : 'all'); setPage(1); };
  const setStudentId = (v: string | null) => { setStudentIdRaw(v); setPage(1); };
  const studentOptions = (students.data?.results ?? []).map((s) => ({ value: s._id, label: fullName(s) }));

  const confirmRemove = () => removing && remove.mutate(removing._id, {
    onSuccess: (r) => { notifySuccess(r.message); setRemoving(null); },
    onError: (e) => notifyError(errorMessage(e)),
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Practice"
        subtitle="Practice assigned to students, by due date, and the time they practise."
        actions={assignPage
          ? <Button component={Link} to="/learning/assign-practice">Assign practice</Button>
          : <Button onClick={() => setDialog({ kind: 'form', item: null })}>Assign practice</Button>}
      />
      <SegmentedControl aria-label="Show" value={tab} onChange={(v) => setTab(v === 'time' ? 'time' : 'assignments')} w="fit-content"
        data={[{ value: 'assignments', label: 'Assignments' }, { value: 'time', label: 'Practice time' }]} />
      {tab === 'time' ? (
        <StudentPicker render={(id) => <PracticeReport studentId={id} />} />
      ) : (
        <ListCard>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select label="Student" placeholder="All students" data={studentOptions} value={studentId} onChange={setStudentId} clearable searchable w={240} />
            <SegmentedControl aria-label="Which assignments" value={status} onChange={setStatus} data={PRACTICE_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))} />
          </Group>
          <ListTable
            query={list}
            rowCount={results.length}
            columns={['Students', 'Songs', 'Due Date', 'Progress', 'Assigned by', 'Actions']}
            errorTitle="Could not load the practice"
            empty={<EmptyState icon={<IconMusic size={28} />} title="No practice yet" description="Assign songs or pieces to students or a class/group; they show here by due date." />}
            minWidth={860}
            label="Practice assignments"
            pagination={{ page, totalPages, onChange: setPage }}
          >
            {results.map((item) => {
              const done = item.students.filter((s) => s.completed).length;
              return (
                <Table.Tr key={item._id}>
                  <Table.Td><Students item={item} /></Table.Td>
                  <Table.Td><Text size="sm">{item.items.map((i) => i.title).join(', ')}</Text></Table.Td>
                  <Table.Td><Text size="sm">{dueDate(item.due_date)}</Text></Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <PracticeStatusBadge item={item} />
                      <Text size="xs" c="dimmed">{done} of {item.students.length} done</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td><Text size="sm">{item.assignedBy ? fullName(item.assignedBy) : '—'}</Text></Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {viewPage
                        ? <Button size="xs" variant="subtle" component={Link} to={`/learning/view-practice/${item._id}`} aria-label={`View practice due ${dueDate(item.due_date)}`}>View</Button>
                        : <Button size="xs" variant="subtle" onClick={() => setDialog({ kind: 'view', item })} aria-label={`View practice due ${dueDate(item.due_date)}`}>View</Button>}
                      {item.canEdit && (assignPage
                        ? <Button size="xs" variant="subtle" component={Link} to={`/learning/assign-practice-update/${item._id}`} aria-label={`Edit practice due ${dueDate(item.due_date)}`}>Edit</Button>
                        : <Button size="xs" variant="subtle" onClick={() => setDialog({ kind: 'form', item })} aria-label={`Edit practice due ${dueDate(item.due_date)}`}>Edit</Button>)}
                      {item.canEdit && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(item)} aria-label={`Delete practice due ${dueDate(item.due_date)}`}>Delete</Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        </ListCard>
      )}
      <AppModal opened={dialog !== null} onClose={() => setDialog(null)} size="xl"
        title={dialog?.kind === 'view' ? 'Practice Details' : dialog?.item ? 'Update Practice Assignment' : 'Assign Practice'}>
        {dialog?.kind === 'form' && <PracticeForm item={dialog.item} onDone={() => setDialog(null)} />}
        {dialog?.kind === 'view' && <PracticeDetails item={dialog.item} />}
      </AppModal>
      <ConfirmModal opened={removing !== null} onClose={() => setRemoving(null)} title="Delete practice" onConfirm={confirmRemove} loading={remove.isPending}>
        {removing ? `Delete the practice due ${dueDate(removing.due_date)}? Its students’ ticks go with it.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
