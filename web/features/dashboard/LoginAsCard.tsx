import { Button, Card, Center, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../components/QueryError';
import { fullName, roleLabel } from '../../lib/format';
import { useStartLoginAs } from '../../lib/sessionActions';
import { LOGIN_AS_PAGE_SIZE, useLoginAsCandidates } from './api';
import { ListPagination } from '../../components/ListPagination';

const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = ['Name', 'Role', 'School', 'Action'] as const;

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

/** Spec section 1, "login as": pick one of the people you may act as and see what they see. */
export function LoginAsCard() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const candidates = useLoginAsCandidates(page, debouncedSearch);
  const startLoginAs = useStartLoginAs();

  const results = candidates.data?.results ?? [];
  const totalPages = Math.ceil((candidates.data?.totalCount ?? 0) / LOGIN_AS_PAGE_SIZE);

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
        <TextInput
          label="Search people"
          placeholder="Name or username"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
        />
        {candidates.isError ? (
          <QueryError error={candidates.error} onRetry={() => void candidates.refetch()} title="Could not load people" />
        ) : !candidates.isPending && results.length === 0 ? (
          <Center py="lg">
            <Stack align="center" gap={4}>
              <IconUserSearch size={28} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text c="dimmed">
                {debouncedSearch ? `No one matches “${debouncedSearch}”.` : 'There is nobody you can act as yet.'}
              </Text>
            </Stack>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" highlightOnHover aria-busy={candidates.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {candidates.isPending ? (
                  <LoadingRows />
                ) : (
                  results.map((person) => (
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
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Stack>
    </Card>
  );
}
