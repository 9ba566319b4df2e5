import { Anchor, Badge, Button, EmptyState, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SchoolPlan } from '../../../shared/contracts/school-plans';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useListState, usePagedResults } from '../../lib/useListState';
import { PLAN_PAGE_SIZE, useDeletePlan, useSchoolPlans } from './api';
import { planLimits, planPrice, planTypeLabel } from './format';
import { PlanForm } from './PlanForm';

type Editing = { plan: SchoolPlan | null } | null;

/** /schoolbilling/planbuilder: the provider's plans for schools and private teachers (superadmin). */
export default function PlanBuilderPage() {
  const { page, setPage, search, setSearch, debouncedSearch } = useListState();
  const list = useSchoolPlans({ page, search: debouncedSearch || undefined });
  const { results, totalPages } = usePagedResults(list.data, PLAN_PAGE_SIZE, page, setPage);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SchoolPlan | null>(null);
  const remove = useDeletePlan();

  return (
    <Stack gap="lg">
      <PageHeader
        title="Plan Builder"
        subtitle="The plans schools and private teachers buy from you: price, period, limits and the store."
        actions={<Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ plan: null })}>New plan</Button>}
      />
      <ListCard>
        <ListFilters filtered={Boolean(search)} onClear={() => setSearch('')}>
          <SearchInput label="Search" placeholder="Plan name" value={search} onChange={setSearch} w={{ base: '100%', sm: 260 }} />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Plan Name', 'Price', 'For', 'Limits', 'Schools', 'Actions']}
          errorTitle="Could not load the plans"
          empty={
            <EmptyState
              icon={<IconReceipt size={28} />}
              title={search ? 'No plan matches' : 'No plans yet'}
              description={search ? 'Try another name.' : 'Make the first plan schools can book or sign up for.'}
            />
          }
          minWidth={820}
          label="Plans"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((plan) => (
            <Table.Tr key={plan._id}>
              <Table.Td>
                <Anchor component={Link} to={`/plan-registration/${plan._id}`} size="sm" fw={500}>{plan.planName}</Anchor>
              </Table.Td>
              <Table.Td><Text size="sm">{planPrice(plan)}</Text></Table.Td>
              <Table.Td><Badge variant="light" tt="none">{planTypeLabel(plan)}</Badge></Table.Td>
              <Table.Td><Text size="sm">{planLimits(plan)}</Text></Table.Td>
              <Table.Td><Text size="sm">{plan.schoolCount}</Text></Table.Td>
              <Table.Td>
                <RowActions>
                  <EditAction name={`the plan ${plan.planName}`} onClick={() => setEditing({ plan })} />
                  <DeleteAction name={`the plan ${plan.planName}`} onClick={() => setDeleting(plan)} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>

      <AppModal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.plan ? 'Edit plan' : 'New plan'} size="lg">
        {editing && <PlanForm plan={editing.plan} onDone={() => setEditing(null)} />}
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
        {deleting ? `Delete the plan ${deleting.planName}? A plan schools are on is retired instead: they keep it until they change plans.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
