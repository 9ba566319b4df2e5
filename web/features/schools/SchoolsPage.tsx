import {
  ActionIcon, Badge, Button, Card, EmptyState, Group, Select, Skeleton, Stack, Switch, Table, Text,
  TextInput, Title, Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconFilterOff, IconPencil, IconPlus, IconSchool, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SCHOOL_MESSAGES, type SchoolListItem } from '../../../shared/contracts/schools';
import type { AddRole } from '../../../shared/roles';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { displayPhone } from '../../lib/phone';
import { useRequiredSession } from '../../lib/useSession';
import { SCHOOLS_PAGE_SIZE, useChangeSchoolStatus, useSchoolList, type StatusFilter } from './api';
import { cityState, detailsPathFor, listPathFor, roleNoun } from './labels';
import { DeleteSchoolModal, SchoolFormModal, type Editing } from './SchoolModals';
import { ListPagination } from '../../components/ListPagination';

const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = ['School', 'Owner', 'Contact', 'City / State', 'Status', 'Actions'] as const;
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function LoadingRows() {
  return Array.from({ length: 3 }, (_, row) => (
    <Table.Tr key={row}>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton h={16} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

function Counts({ active, inactive, loading }: { active?: number; inactive?: number; loading: boolean }) {
  if (loading) return <Skeleton h={22} w={180} />;
  return (
    <Group gap="xs" aria-label="Counts">
      <Badge color="green" variant="light" size="lg">
        Active: {active ?? 0}
      </Badge>
      <Badge color="gray" variant="light" size="lg">
        Inactive: {inactive ?? 0}
      </Badge>
    </Group>
  );
}

/** Which kind of school a route lists: the private-teacher route, or schools. */
function addroleOf(pathname: string): AddRole {
  return pathname.startsWith(listPathFor('Private teacher')) ? 'Private teacher' : 'School';
}

/**
 * The superadmin's Schools and Private Teachers (spec section 2): one page for both routes.
 * Filtered mode (a search or a status) differs from normal mode by its empty state and a way
 * back (spec section 4).
 */
export default function SchoolsPage() {
  const addrole = addroleOf(useLocation().pathname);
  const { user } = useRequiredSession();
  // The admin route table lists /member/private-teacher too, but only the superadmin manages schools.
  if (user.role !== 'superadmin') {
    return (
      <Card withBorder radius="md">
        <EmptyState
          icon={<IconSchool size={28} />}
          title="Managed by Cadenza"
          description="Schools and private teachers are managed by the Cadenza team."
        />
      </Card>
    );
  }
  return <SchoolsList addrole={addrole} />;
}

function SchoolsList({ addrole }: { addrole: AddRole }) {
  const noun = roleNoun(addrole);
  const title = addrole === 'School' ? 'Schools' : 'Private Teachers';

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SchoolListItem | null>(null);

  const list = useSchoolList({ addrole, page, search: debouncedSearch, status });
  const changeStatus = useChangeSchoolStatus();

  const filtered = debouncedSearch !== '' || status !== null;
  const results = list.data?.results ?? [];
  const totalPages = Math.ceil((list.data?.totalCount ?? 0) / SCHOOLS_PAGE_SIZE);

  const clearFilters = () => {
    setSearch('');
    setStatus(null);
    setPage(1);
  };

  const toggleStatus = (school: SchoolListItem, next: boolean) =>
    changeStatus.mutate(
      { id: school._id, status: next },
      {
        onSuccess: (result) => notifySuccess(result.message || SCHOOL_MESSAGES.statusChanged),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );

  // A page emptied by a delete or a filter falls back to the last page that has rows.
  if (list.data && page > 1 && results.length === 0 && page > totalPages) {
    setPage(Math.max(1, totalPages));
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Counts active={list.data?.activeCount} inactive={list.data?.inactiveCount} loading={list.isPending} />
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add', addrole })}>
          Add {noun}
        </Button>
      </Group>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="School, owner, username or email"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 320 }}
            />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={status ?? 'all'}
              allowDeselect={false}
              onChange={(value) => {
                setStatus(value === 'active' || value === 'inactive' ? value : null);
                setPage(1);
              }}
              w={{ base: '100%', sm: 160 }}
            />
            {filtered && (
              <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                Clear filters
              </Button>
            )}
          </Group>

          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} title={`Could not load ${title.toLowerCase()}`} />
          ) : !list.isPending && results.length === 0 ? (
            <EmptyState
              icon={<IconSchool size={28} />}
              title={filtered ? 'No schools match your search' : 'No schools yet'}
              description={
                filtered
                  ? 'Try another search or status, or clear the filters.'
                  : `Add the first ${noun.toLowerCase()} to get started.`
              }
            />
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} aria-label={title}>
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((column) => (
                      <Table.Th key={column}>{column}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isPending ? (
                    <LoadingRows />
                  ) : (
                    results.map((school) => (
                      <Table.Tr key={school._id}>
                        <Table.Td>
                          <Text
                            component={Link}
                            to={detailsPathFor(addrole, school._id)}
                            fw={500}
                            size="sm"
                            c="inherit"
                          >
                            {school.school_name}
                          </Text>
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
                          <Group gap={4} wrap="nowrap">
                            <Tooltip label="View">
                              <ActionIcon
                                component={Link}
                                to={detailsPathFor(addrole, school._id)}
                                variant="subtle"
                                aria-label={`View ${school.school_name}`}
                              >
                                <IconEye size={18} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Edit">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Edit ${school.school_name}`}
                                onClick={() => setEditing({ mode: 'edit', id: school._id, addrole })}
                              >
                                <IconPencil size={18} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Delete">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Delete ${school.school_name}`}
                                onClick={() => setDeleting(school)}
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}

          <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
        </Stack>
      </Card>

      <SchoolFormModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteSchoolModal school={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
