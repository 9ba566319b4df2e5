import { Badge, Button, EmptyState, Group, Select, Stack, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAddressBook, IconChevronDown, IconChevronUp, IconDownload, IconPiano, IconPlus, IconSelector, IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { IMPORT_KINDS, KIND_LABELS, MEMBER_MESSAGES, type ImportKind, type MemberListItem, type PersonKindPath } from '../../../shared/contracts/members';
import { DeactivateModal } from '../../components/DeactivateModal';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { DeleteAction, EditAction, RowAction, RowActions, ViewAction } from '../../components/RowActions';
import { StatusCounts, StatusSelect } from '../../components/StatusFilter';
import { errorMessage } from '../../lib/api';
import { capitalize, fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { displayPhone } from '../../lib/phone';
import { usePagedResults, useListState } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { MEMBERS_PAGE_SIZE, exportMembers, useChangeMemberStatus, useFilterOptions, useGenres, useMemberList, type SortColumn, type SortOrder, type StatusFilter } from './api';
import { ImportCsvModal } from '../../components/ImportCsvModal';
import { kindOfPath, offerFor, profilePath, type Offer } from './kinds';
import { DeleteMemberModal, InstrumentsModal, MemberFormModal, type Editing } from './MemberModals';

/** The column that tells the kinds apart. */
const KIND_COLUMN: Record<PersonKindPath, string> = {
  subadmins: 'Payroll report',
  teachers: 'Instruments/Genres',
  students: 'Instruments / Teachers',
  parents: 'Children',
};

type Sort = { sortBy: SortColumn; orderBy: SortOrder };

function SortHeader({ column, label, sort, onSort }: { column: SortColumn; label: string; sort: Sort; onSort: (s: Sort) => void }) {
  const active = sort.sortBy === column;
  const Icon = !active ? IconSelector : sort.orderBy === 1 ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sort.orderBy === 1 ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort({ sortBy: column, orderBy: active && sort.orderBy === 1 ? -1 : active ? 1 : column === 'createdAt' ? -1 : 1 })}
        aria-label={`Sort by ${label}`}
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

const isImportKind = (kind: PersonKindPath): kind is Extract<ImportKind, PersonKindPath> => (IMPORT_KINDS as readonly string[]).includes(kind);

function names(refs: { first_name: string; last_name: string }[] | undefined): string {
  return refs && refs.length > 0 ? refs.map(fullName).join(', ') : '—';
}

function KindCell({ kind, member }: { kind: PersonKindPath; member: MemberListItem }): ReactNode {
  switch (kind) {
    case 'subadmins':
      return <Text size="sm">{member.allow_payroll_report ? 'Allowed' : 'Not allowed'}</Text>;
    case 'teachers':
      return <Text size="sm">{member.genres && member.genres.length > 0 ? member.genres.map((g) => g.name).join(', ') : '—'}</Text>;
    case 'students':
      return (
        <Stack gap={4}>
          {member.instruments && member.instruments.length > 0 ? (
            <Group gap={4}>
              {member.instruments.map((i) => (
                <Badge key={i.genreId._id} variant="light" tt="none" size="sm">
                  {i.genreId.name} · {capitalize(i.level)}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm">—</Text>
          )}
          <Text size="xs" c="dimmed">
            {names(member.teachers)}
          </Text>
        </Stack>
      );
    case 'parents':
      return <Text size="sm">{names(member.children)}</Text>;
  }
}

/** The four people lists of a school (docs/domains/members.md "Screens and routes"): one page, the kind taken from the route. */
export default function MembersPage() {
  const kind = kindOfPath(useLocation().pathname);
  const { user } = useRequiredSession();
  const offer = offerFor(user, kind);
  if (!offer.list) {
    return (
      <EmptyCard
        icon={<IconAddressBook size={28} />}
        title={`${KIND_LABELS[kind].many} are not shown to you`}
        description="Your school manages this list."
      />
    );
  }
  return <MembersList key={kind} kind={kind} offer={offer} />;
}

export function MembersList({ kind, offer }: { kind: PersonKindPath; offer: Offer }) {
  const labels = KIND_LABELS[kind];
  const students = kind === 'students';

  const { page, setPage, search, setSearch, debouncedSearch, filterSetter: filterChanged } = useListState();
  const [status, setStatus] = useState<StatusFilter>(null);
  const [genreId, setGenreId] = useState<string | null>(null);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>({ sortBy: 'createdAt', orderBy: -1 });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MemberListItem | null>(null);
  const [deactivating, setDeactivating] = useState<MemberListItem | null>(null);
  const [instrumentsOf, setInstrumentsOf] = useState<MemberListItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const filters = { search: debouncedSearch, status, genreId, teacherId, ...sort };
  const list = useMemberList({ kind, page, ...filters });
  const changeStatus = useChangeMemberStatus(kind);
  const genres = useGenres(students);
  const teachers = useFilterOptions('teacher', students && offer.manage);

  const filtered = debouncedSearch !== '' || status !== null || genreId !== null || teacherId !== null;
  const { results, totalPages } = usePagedResults(list.data, MEMBERS_PAGE_SIZE, page, setPage);

  const clearFilters = () => {
    setSearch('');
    setStatus(null);
    setGenreId(null);
    setTeacherId(null);
  };

  const saveStatus = (member: MemberListItem, next: boolean) =>
    changeStatus.mutate(
      { id: member._id, status: next },
      {
        onSuccess: (result) => {
          setDeactivating(null);
          notifySuccess(result.message || MEMBER_MESSAGES.statusChanged);
        },
        onError: (error) => {
          setDeactivating(null);
          notifyError(errorMessage(error));
        },
      },
    );
  // Deactivating signs the person out of Cadenza: it is asked first; activating is not.
  const toggleStatus = (member: MemberListItem, next: boolean) => (next ? saveStatus(member, true) : setDeactivating(member));

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportMembers(kind, filters);
    } catch (error) {
      notifyError(errorMessage(error), 'Could not export');
    } finally {
      setExporting(false);
    }
  };

  const sortable = (column: SortColumn, label: string) => ({
    label,
    header: <SortHeader column={column} label={label} sort={sort} onSort={filterChanged(setSort)} />,
  });
  const columns = [
    sortable('first_name', 'First Name'),
    sortable('last_name', 'Last Name'),
    'Contact',
    KIND_COLUMN[kind],
    sortable('createdAt', 'Added'),
    'Status',
    'Actions',
  ];
  return (
    <Stack gap="lg">
      <PageHeader
        title={labels.many}
        subtitle={<StatusCounts variant="dot" active={list.data?.activeCount} inactive={list.data?.inactiveCount} loading={list.isPending} />}
        actions={
          <Group gap="sm">
            {offer.manage && (
              <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportCsv()} loading={exporting}>
                Export CSV
              </Button>
            )}
            {offer.import && (
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
                Import CSV
              </Button>
            )}
            {offer.manage && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>
                Add {labels.one}
              </Button>
            )}
          </Group>
        }
      />

      <ListCard>
        <ListFilters filtered={filtered} onClear={clearFilters}>
          <SearchInput
            label="Search"
            placeholder="Name, username or email"
            value={search}
            onChange={setSearch}
            w={{ base: '100%', sm: 280 }}
          />
          <StatusSelect value={status} onChange={filterChanged(setStatus)} w={{ base: '100%', sm: 140 }} />
          {students && (
            <Select
              label="Instrument"
              placeholder="Any instrument"
              data={(genres.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
              value={genreId}
              onChange={filterChanged(setGenreId)}
              clearable
              searchable
              w={{ base: '100%', sm: 180 }}
            />
          )}
          {students && offer.manage && (
            <Select
              label="Teacher"
              placeholder="Any teacher"
              data={teachers.data ?? []}
              value={teacherId}
              onChange={filterChanged(setTeacherId)}
              clearable
              searchable
              w={{ base: '100%', sm: 200 }}
            />
          )}
        </ListFilters>

        <ListTable
          query={list}
          rowCount={results.length}
          columns={columns}
          errorTitle={`Could not load ${labels.many.toLowerCase()}`}
          empty={
            <EmptyState
              icon={<IconAddressBook size={28} />}
              title={filtered ? `No ${labels.many.toLowerCase()} match your filters` : `No ${labels.many.toLowerCase()} yet`}
              description={
                filtered
                  ? 'Try another search or filter, or clear the filters.'
                  : offer.manage
                    ? `Add the first ${labels.one.toLowerCase()} to get started.`
                    : `${labels.many} linked to you appear here.`
              }
            />
          }
          minWidth={960}
          label={labels.many}
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((member) => (
            <MemberRow
              key={member._id}
              kind={kind}
              member={member}
              offer={offer}
              statusPending={changeStatus.isPending && changeStatus.variables.id === member._id ? changeStatus.variables.status : undefined}
              onToggle={(next) => toggleStatus(member, next)}
              onEdit={() => setEditing({ mode: 'edit', id: member._id })}
              onDelete={() => setDeleting(member)}
              onInstruments={() => setInstrumentsOf(member)}
            />
          ))}
        </ListTable>
      </ListCard>

      <MemberFormModal kind={kind} editing={editing} onClose={() => setEditing(null)} />
      <DeleteMemberModal kind={kind} member={deleting} onClose={() => setDeleting(null)} />
      <DeactivateModal
        name={deactivating && `${deactivating.first_name} ${deactivating.last_name}`}
        title={`Deactivate ${labels.one.toLowerCase()}`}
        consequence="They will not be able to sign in until they are made active again."
        onConfirm={() => deactivating && saveStatus(deactivating, false)}
        onClose={() => setDeactivating(null)}
        loading={changeStatus.isPending}
      />
      <InstrumentsModal student={instrumentsOf} onClose={() => setInstrumentsOf(null)} />
      {offer.import && isImportKind(kind) && <ImportCsvModal kind={kind} opened={importing} onClose={() => setImporting(false)} />}
    </Stack>
  );
}

type RowProps = {
  kind: PersonKindPath;
  member: MemberListItem;
  offer: Offer;
  /** The status being saved for this row, if any. */
  statusPending: boolean | undefined;
  onToggle: (next: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  onInstruments: () => void;
};

function MemberRow({ kind, member, offer, statusPending, onToggle, onEdit, onDelete, onInstruments }: RowProps) {
  const name = fullName(member);
  const profile = profilePath(member.role, member._id);
  return (
    <Table.Tr>
      <Table.Td>
        <Text component={Link} to={profile} fw={500} size="sm" c="inherit" td="underline">
          {member.first_name}
        </Text>
        <Text size="xs" c="dimmed">
          {member.username}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{member.last_name}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{member.email ?? '—'}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {displayPhone(member.cellPhone) || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <KindCell kind={kind} member={member} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {new Date(member.createdAt).toLocaleDateString()}
        </Text>
      </Table.Td>
      <Table.Td>
        {offer.manage ? (
          <Switch
            aria-label={`Active: ${name}`}
            checked={statusPending ?? member.status}
            disabled={statusPending !== undefined}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />
        ) : (
          // The cell grows to the badge: a narrow Status column must not cut "Active" (issue 10).
          <Badge color={member.status ? 'green' : 'gray'} variant="dot" style={{ minWidth: 'max-content', overflow: 'visible' }}>
            {member.status ? 'Active' : 'Inactive'}
          </Badge>
        )}
        {member.invitationPending && (
          <Text size="xs" c="dimmed" mt={4}>
            Invited
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <RowActions>
          <ViewAction name={name} to={profile} />
          {offer.instruments && (
            <RowAction label="Instruments" ariaLabel={`Instruments of ${name}`} icon={<IconPiano size={18} />} onClick={onInstruments} />
          )}
          {offer.manage && (
            <>
              <EditAction name={name} onClick={onEdit} />
              <DeleteAction name={name} onClick={onDelete} />
            </>
          )}
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}
