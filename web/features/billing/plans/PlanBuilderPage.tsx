import { Badge, Button, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { IconChecklist, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PLAN_LESSON_KIND_LABELS, type PlanItem } from '../../../../shared/contracts/student-plans';
import { AppModal } from '../../../components/AppModal';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ListFilters, SearchInput } from '../../../components/ListFilters';
import { ListCard, ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { DeleteAction, EditAction, RowActions } from '../../../components/RowActions';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useListState, usePagedResults } from '../../../lib/useListState';
import { useRequiredSession } from '../../../lib/useSession';
import { PLAN_PAGE_SIZE, useDeletePlan, usePlanList } from './api';
import { priceLabel } from './format';
import { PlanForm } from './PlanForm';
import { matchRoute } from '../../../../shared/routes';

type Editing = { item: PlanItem | null } | null;

function Row({ item, group, onEdit, onDelete }: { item: PlanItem; group: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>{item.planName}</Text>
        {item.instrument && <Text size="xs" c="dimmed">{item.instrument.name}</Text>}
      </Table.Td>
      <Table.Td><Text size="sm" fw={600}>{priceLabel(item)}</Text></Table.Td>
      <Table.Td><Text size="sm">{item.summary}</Text></Table.Td>
      <Table.Td>
        {group ? <Text size="sm">{item.classGroup?.name ?? '—'}</Text> : <Badge variant="light" tt="none" c="dark.7">{PLAN_LESSON_KIND_LABELS[item.lessonType]}</Badge>}
      </Table.Td>
      <Table.Td><Text size="sm">{item.teachers.length ? item.teachers.map(fullName).join(', ') : '—'}</Text></Table.Td>
      <Table.Td><Text size="sm">{item.subscriberCount}</Text></Table.Td>
      <Table.Td>
        <RowActions>
          <EditAction name={`the plan ${item.planName}`} onClick={onEdit} />
          <DeleteAction name={`the plan ${item.planName}`} onClick={onDelete} />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /studentbilling/planbuilder (admin and sub-admin) and /studentbilling/groupplans (admin): the
 * school's plans for its students, six a page, and the form that makes them.
 */
export default function PlanBuilderPage() {
  const group = useLocation().pathname.toLowerCase().startsWith('/studentbilling/groupplans');
  const { user } = useRequiredSession();
  // Group plans and approvals are the admin's pages (shared/routes.ts).
  const isAdmin = matchRoute(user.role, '/studentbilling/approveplan') !== undefined;
  const { page, setPage, search, setSearch, debouncedSearch } = useListState();
  const list = usePlanList({ page, search: debouncedSearch || undefined, kind: group ? 'group' : 'individual' });
  const { results, totalPages } = usePagedResults(list.data, PLAN_PAGE_SIZE, page, setPage);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PlanItem | null>(null);
  const remove = useDeletePlan();
  const title = group ? 'Group Plans' : 'Plan Builder';

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        subtitle={group ? 'Plans tied to a class/group: approving one puts the student in it.' : 'The plans your students and parents can ask for.'}
        actions={
          <Group gap="sm">
            {isAdmin && !group && <Button component={Link} to="/studentbilling/groupplans" variant="default" leftSection={<IconUsersGroup size={16} />}>Group Plans</Button>}
            {isAdmin && group && <Button component={Link} to="/studentbilling/planbuilder" variant="default">Plan Builder</Button>}
            {isAdmin && <Button component={Link} to="/studentbilling/approveplan" variant="default" leftSection={<IconChecklist size={16} />}>Approve Plans</Button>}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>New plan</Button>
          </Group>
        }
      />
      <ListCard>
        <ListFilters filtered={Boolean(search)} onClear={() => setSearch('')}>
          <SearchInput label="Search" placeholder="Plan name" value={search} onChange={setSearch} w={{ base: '100%', sm: 260 }} />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Plan Name', 'Price', 'Lessons', group ? 'Class/Group' : 'Lesson Type', 'Teachers', 'Students', 'Actions']}
          errorTitle="Could not load the plans"
          empty={
            <EmptyState
              icon={<IconChecklist size={28} />}
              title={search ? 'No plan matches' : 'No plans yet'}
              description={search ? 'Try another name.' : 'Make a plan: its name, price and lessons. Students and parents then ask for it on Payment / Billing.'}
            />
          }
          minWidth={860}
          label={title}
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((item) => (
            <Row key={item._id} item={item} group={group} onEdit={() => setEditing({ item })} onDelete={() => setDeleting(item)} />
          ))}
        </ListTable>
      </ListCard>

      <AppModal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.item ? 'Edit plan' : 'New plan'} size="xl">
        {editing && <PlanForm item={editing.item} group={group} onDone={() => setEditing(null)} />}
      </AppModal>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete plan"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id, {
          onSuccess: (result) => { notifySuccess(result.message); setDeleting(null); },
          onError: (error) => notifyError(errorMessage(error)),
        })}
      >
        {deleting ? `Delete the plan ${deleting.planName}? A plan students have asked for is retired instead: their plans run on.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
