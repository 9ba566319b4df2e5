import { Badge, Button, EmptyState, Stack, Switch, Table, Text } from '@mantine/core';
import { IconPlus, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { PlanState } from '../../../shared/contracts/school-plans';
import { SCHOOL_MESSAGES, type SchoolListItem } from '../../../shared/contracts/schools';
import type { AddRole } from '../../../shared/roles';
import { DeactivateModal } from '../../components/DeactivateModal';
import { PageHeader } from '../../components/PageHeader';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { DeleteAction, EditAction, RowActions, ViewAction } from '../../components/RowActions';
import { StatusCounts, StatusSelect, type StatusFilter } from '../../components/StatusFilter';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { displayPhone } from '../../lib/phone';
import { usePagedResults, useListState } from '../../lib/useListState';
import { SCHOOLS_PAGE_SIZE, useChangeSchoolStatus, usePlanStates, useSchoolList } from './api';
import { PlanStateBadge } from './ProviderPlanCard';
import { cityState, detailsPathFor, listPathFor, roleNoun } from './labels';
import { DeleteSchoolModal, SchoolFormModal, type Editing } from './SchoolModals';

const COLUMNS = ['School', 'Owner', 'Contact', 'City / State', 'Plan', 'Status', 'Actions'] as const;

/** Which kind of school a route lists: the private-teacher route, or schools. */
function addroleOf(pathname: string): AddRole {
  return pathname.startsWith(listPathFor('Private teacher')) ? 'Private teacher' : 'School';
}

/**
 * The superadmin's Schools and Private Teachers (docs/domains/schools.md "Screens and routes"): one page for both routes.
 * Filtered mode (a search or a status) differs from normal mode by its empty state and a way
 * back (docs/domains/schools.md "Rules").
 */
export default function SchoolsPage() {
  const addrole = addroleOf(useLocation().pathname);
  return <SchoolsList addrole={addrole} />;
}

function SchoolsList({ addrole }: { addrole: AddRole }) {
  const noun = roleNoun(addrole);
  const title = addrole === 'School' ? 'Schools' : 'Private Teachers';

  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [status, setStatus] = useState<StatusFilter>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SchoolListItem | null>(null);
  const [deactivating, setDeactivating] = useState<SchoolListItem | null>(null);

  const list = useSchoolList({ addrole, page, search: debouncedSearch, status });
  const changeStatus = useChangeSchoolStatus();

  const filtered = debouncedSearch !== '' || status !== null;
  const { results, totalPages } = usePagedResults(list.data, SCHOOLS_PAGE_SIZE, page, setPage);
  // The page's plan states, from school-plans (schools knows only whether a plan lapsed).
  const planStates = usePlanStates(results.map((s) => s._id));

  const clearFilters = () => {
    setSearch('');
    setStatus(null);
  };

  const saveStatus = (school: SchoolListItem, next: boolean) =>
    changeStatus.mutate(
      { id: school._id, status: next },
      {
        onSuccess: (result) => {
          setDeactivating(null);
          notifySuccess(result.message || SCHOOL_MESSAGES.statusChanged);
        },
        onError: (error) => {
          setDeactivating(null);
          notifyError(errorMessage(error));
        },
      },
    );
  // Deactivating a school signs all its people out: it is asked first; activating is not.
  const toggleStatus = (school: SchoolListItem, next: boolean) => (next ? saveStatus(school, true) : setDeactivating(school));

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        subtitle={<StatusCounts active={list.data?.activeCount} inactive={list.data?.inactiveCount} loading={list.isPending} />}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add', addrole })}>
            Add {noun}
          </Button>
        }
      />

      <ListCard>
        <ListFilters filtered={filtered} onClear={clearFilters}>
          <SearchInput
            label="Search"
            placeholder="School, owner, username or email"
            value={search}
            onChange={setSearch}
            w={{ base: '100%', sm: 320 }}
          />
          <StatusSelect value={status} onChange={filterSetter(setStatus)} w={{ base: '100%', sm: 160 }} />
        </ListFilters>

        <ListTable
          query={list}
          rowCount={results.length}
          columns={COLUMNS}
          errorTitle={`Could not load ${title.toLowerCase()}`}
          empty={
            <EmptyState
              icon={<IconSchool size={28} />}
              title={filtered ? 'No schools match your search' : 'No schools yet'}
              description={
                filtered
                  ? 'Try another search or status, or clear the filters.'
                  : `Add the first ${noun.toLowerCase()} to get started.`
              }
            />
          }
          minWidth={960}
          label={title}
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((school) => (
            <Table.Tr key={school._id}>
              <Table.Td>
                <Text component={Link} to={detailsPathFor(addrole, school._id)} fw={500} size="sm" c="inherit">
                  {school.school_name}
                </Text>
                {school.planLapsed && !planStates.data && (
                  <Badge color="red" variant="light" c="dark.7" tt="none" ml="xs">
                    Plan lapsed
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{fullName(school)}</Text>
                <Text size="xs" c="dimmed">
                  {school.username}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{school.email ?? '—'}</Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {displayPhone(school.working_phone) || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{cityState(school.city, school.state)}</Text>
              </Table.Td>
              <Table.Td>
                <PlanCell state={planStates.data?.get(school._id)} known={planStates.isSuccess} />
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Active: ${school.school_name}`}
                  checked={
                    changeStatus.isPending && changeStatus.variables.id === school._id
                      ? changeStatus.variables.status
                      : school.status
                  }
                  disabled={changeStatus.isPending && changeStatus.variables.id === school._id}
                  onChange={(event) => toggleStatus(school, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <RowActions>
                  <ViewAction name={school.school_name} to={detailsPathFor(addrole, school._id)} />
                  <EditAction name={school.school_name} onClick={() => setEditing({ mode: 'edit', id: school._id, addrole })} />
                  <DeleteAction name={school.school_name} onClick={() => setDeleting(school)} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>

      <SchoolFormModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteSchoolModal school={deleting} onClose={() => setDeleting(null)} />
      <DeactivateModal
        name={deactivating?.school_name ?? null}
        title={`Deactivate ${noun.toLowerCase()}`}
        consequence="Its people (owner, staff, teachers, students and parents) will not be able to sign in until it is made active again."
        onConfirm={() => deactivating && saveStatus(deactivating, false)}
        onClose={() => setDeactivating(null)}
        loading={changeStatus.isPending}
      />
    </Stack>
  );
}

/** A school's plan state; "No plan" once the states are read and it has none; a dash until then. */
function PlanCell({ state, known }: { state: PlanState | undefined; known: boolean }) {
  if (state) return <PlanStateBadge state={state} />;
  return (
    <Text size="sm" c="dimmed">
      {known ? 'No plan' : '—'}
    </Text>
  );
}
