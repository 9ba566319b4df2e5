import { Button, Card, Center, Stack, Table, Text, Title } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { SearchInput } from '../../components/ListFilters';
import { ListTable } from '../../components/ListTable';
import { fullName, roleLabel } from '../../lib/format';
import { useStartLoginAs } from '../../lib/sessionActions';
import { usePagedResults, useListState } from '../../lib/useListState';
import { LOGIN_AS_PAGE_SIZE, useLoginAsCandidates } from './api';

const COLUMNS = ['Name', 'Role', 'School', 'Action'] as const;

/** docs/domains/accounts.md "Who may do what" (login-as): pick one of the people you may act as and see what they see. */
export function LoginAsCard() {
  const { page, setPage, search, setSearch, debouncedSearch } = useListState();
  const candidates = useLoginAsCandidates(page, debouncedSearch);
  const startLoginAs = useStartLoginAs();

  const { results, totalPages } = usePagedResults(candidates.data, LOGIN_AS_PAGE_SIZE, page, setPage);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="login-as-title">
      <Stack gap="md">
        <div>
          <Title id="login-as-title" order={2} size="h3">
            Login as
          </Title>
          <Text size="sm" c="dimmed">
            Open Cadenza as one of your people to see exactly what they see.
          </Text>
        </div>
        <SearchInput label="Search people" placeholder="Name or username" value={search} onChange={setSearch} maw={360} />
        <ListTable
          query={candidates}
          rowCount={results.length}
          columns={COLUMNS}
          errorTitle="Could not load people"
          empty={
            <Center py="lg">
              <Stack align="center" gap={4}>
                <IconUserSearch size={28} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text c="dimmed">
                  {debouncedSearch ? `No one matches “${debouncedSearch}”.` : 'There is nobody you can act as yet.'}
                </Text>
              </Stack>
            </Center>
          }
          minWidth={520}
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((person) => (
            <Table.Tr key={person._id}>
              <Table.Td>
                <Text fw={500} size="sm">
                  {fullName(person)}
                </Text>
                <Text size="xs" c="dimmed">
                  {person.username}
                </Text>
              </Table.Td>
              <Table.Td>{roleLabel(person.role)}</Table.Td>
              <Table.Td>{person.school_name ?? '—'}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Login as ${fullName(person)}`}
                  loading={startLoginAs.isPending && startLoginAs.variables === person._id}
                  disabled={startLoginAs.isPending && startLoginAs.variables !== person._id}
                  onClick={() => startLoginAs.mutate(person._id)}
                >
                  Login as
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Card>
  );
}
