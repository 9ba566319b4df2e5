import { Button, EmptyState, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClassListItem } from '../../../shared/contracts/classes';
import { PageHeader } from '../../components/PageHeader';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PersonSelect } from '../../components/PersonSelect';
import { DeleteAction, EditAction, RowActions, ViewAction } from '../../components/RowActions';
import { fullName } from '../../lib/format';
import { usePagedResults, useListState } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { searchPeople } from '../../components/peopleSearch';
import { CLASSES_PAGE_SIZE, classPeopleKey, useClassList } from './api';
import { ClassFormModal, DeleteClassModal, type Editing } from './ClassModals';
import { classPath } from './paths';

const searchTeachers = (text: string) => searchPeople('teacher', text);
const COLUMNS = ['Name', 'Teacher', 'Students', 'Added'] as const;

/**
 * Classes/Groups (docs/domains/members.md "Screens and routes", /member/classes-group): the school's groups for the office,
 * a teacher's own groups (read-only) for a teacher. Search by name, filter by teacher, 6 a page.
 */
export default function ClassesPage() {
  const { user } = useRequiredSession();
  // The server decides (members policy); the page only leaves out what would be refused.
  // A teacher reads the classes they teach; a private teacher teaches every class of the studio.
  const readOnly = user.permissions.reach === 'taught';
  const showTeacherFilter = !user.permissions.teachesOwnOnly;

  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ClassListItem | null>(null);

  const list = useClassList({ page, search: debouncedSearch, teacherId });
  const filtered = debouncedSearch !== '' || teacherId !== null;
  const { results, totalPages } = usePagedResults(list.data, CLASSES_PAGE_SIZE, page, setPage);

  const clearFilters = () => {
    setSearch('');
    setTeacherId(null);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Classes/Groups"
        subtitle={readOnly ? 'The classes and groups you teach.' : 'Groups of students taught together by one teacher.'}
        actions={
          !readOnly && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>
              Add Class/Group
            </Button>
          )
        }
      />

      <ListCard>
        <ListFilters filtered={filtered} onClear={clearFilters}>
          <SearchInput
            label="Search"
            placeholder="Class/group name"
            value={search}
            onChange={setSearch}
            w={{ base: '100%', sm: 300 }}
          />
          {showTeacherFilter && (
            <PersonSelect
              label="Teacher"
              placeholder="All teachers"
              value={teacherId}
              onChange={filterSetter(setTeacherId)}
              clearable
              w={{ base: '100%', sm: 240 }}
              queryKey={classPeopleKey('teacher')}
              search={searchTeachers}
            />
          )}
        </ListFilters>

        <ListTable
          query={list}
          rowCount={results.length}
          columns={readOnly ? COLUMNS : [...COLUMNS, 'Actions']}
          errorTitle="Could not load classes/groups"
          empty={
            <EmptyState
              icon={<IconUsersGroup size={28} />}
              title={filtered ? 'No classes/groups match your search' : 'No classes/groups yet'}
              description={
                filtered
                  ? 'Try another name or teacher, or clear the filters.'
                  : readOnly
                    ? 'When the office puts you in charge of a group, it shows here.'
                    : 'Add the first class/group to get started.'
              }
            />
          }
          minWidth={640}
          label="Classes/Groups"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((group) => (
            <Table.Tr key={group._id}>
              <Table.Td>
                <Text component={Link} to={classPath(group._id)} fw={500} size="sm" c="inherit">
                  {group.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={group.teacher ? undefined : 'dimmed'}>
                  {group.teacher ? fullName(group.teacher) : 'No teacher'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{group.studentCount}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{new Date(group.createdAt).toLocaleDateString()}</Text>
              </Table.Td>
              {!readOnly && (
                <Table.Td>
                  <RowActions>
                    <ViewAction name={group.name} to={classPath(group._id)} />
                    <EditAction name={group.name} onClick={() => setEditing({ mode: 'edit', id: group._id })} />
                    <DeleteAction name={group.name} onClick={() => setDeleting(group)} />
                  </RowActions>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>

      <ClassFormModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteClassModal group={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
