import { EmptyState, Stack, Table, Text } from '@mantine/core';
import { IconHomeHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FamilyItem } from '../../../shared/contracts/families';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListTable } from '../../components/ListTable';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { fullName } from '../../lib/format';
import { usePagedResults, useListState } from '../../lib/useListState';
import { FAMILIES_PAGE_SIZE, useFamilyList } from './api';
import { DeleteFamilyModal } from './DeleteFamilyModal';
import { familyPath } from './paths';

const COLUMNS = ['Family', 'Parents', 'Children', 'Actions'] as const;

const names = (people: FamilyItem['parents']) => people.map(fullName).join(', ') || '—';

/** The school's families, 6 a page, searched by family name or a member's name. */
export function FamilyList() {
  const { page, setPage, search, setSearch, debouncedSearch } = useListState();
  const [deleting, setDeleting] = useState<FamilyItem | null>(null);
  const list = useFamilyList({ page, search: debouncedSearch });
  const { results, totalPages } = usePagedResults(list.data, FAMILIES_PAGE_SIZE, page, setPage);
  const filtered = debouncedSearch !== '';

  return (
    <Stack gap="md">
      <ListFilters filtered={filtered} onClear={() => setSearch('')} clearLabel="Clear search">
        <SearchInput
          label="Search families"
          placeholder="Family, parent or child name"
          value={search}
          onChange={setSearch}
          w={{ base: '100%', sm: 320 }}
        />
      </ListFilters>

      <ListTable
        query={list}
        rowCount={results.length}
        columns={COLUMNS}
        errorTitle="Could not load families"
        empty={
          <EmptyState
            icon={<IconHomeHeart size={28} />}
            title={filtered ? 'No families match your search' : 'No families yet'}
            description={filtered ? 'Try another name, or clear the search.' : 'Add the first family with the form above.'}
          />
        }
        minWidth={640}
        label="Families"
        pagination={{ page, totalPages, onChange: setPage }}
      >
        {results.map((family) => (
          <Table.Tr key={family._id}>
            <Table.Td>
              <Text component={Link} to={familyPath(family._id)} fw={500} size="sm" c="inherit">
                {family.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{names(family.parents)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{names(family.children)}</Text>
            </Table.Td>
            <Table.Td>
              <RowActions>
                <EditAction name={family.name} to={familyPath(family._id)} />
                <DeleteAction name={family.name} onClick={() => setDeleting(family)} />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <DeleteFamilyModal family={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
