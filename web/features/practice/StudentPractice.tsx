import { Button, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PRACTICE_FILTERS, type PracticeFilter } from '../../../shared/contracts/practice';
import { ListPagination } from '../../components/ListPagination';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { usePagedResults } from '../../lib/useListState';
import { PRACTICE_PAGE_SIZE, usePracticeCounts, usePracticeList } from './api';
import { PracticeCard } from './PracticeCard';
import { songs } from './format';

const FILTER_LABELS: Record<PracticeFilter, string> = { all: 'All', incomplete: 'Incomplete', complete: 'Complete' };

/** /learning/practice for a student: their assignments by due date, songs to tick off, and the counts. */
export function StudentPractice({ studentId }: { studentId: string }) {
  const [status, setStatusRaw] = useState<PracticeFilter>('all');
  const [page, setPage] = useState(1);
  const list = usePracticeList({ page, status });
  const counts = usePracticeCounts(studentId);
  const { results, totalPages } = usePagedResults(list.data, PRACTICE_PAGE_SIZE, page, setPage);
  const setStatus = (v: string) => { setStatusRaw((PRACTICE_FILTERS as readonly string[]).includes(v) ? (v as PracticeFilter) : 'all'); setPage(1); };
  const c = counts.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Practice"
        subtitle={c ? `${c.completePracticeCount} complete · ${c.inCompletePracticeCount} incomplete · ${songs(c.countSong)}, ${c.completedSongs} done` : 'What your teachers asked you to practise.'}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/reporting/student-practice" variant="default">My practice report</Button>
            <Button component={Link} to="/favourite" variant="default">Favourite songs</Button>
          </Group>
        }
      />
      <SegmentedControl aria-label="Which assignments" value={status} onChange={setStatus} w="fit-content"
        data={PRACTICE_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))} />
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="Could not load your practice" />
      ) : list.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label="Loading your practice">
          {[0, 1].map((i) => <Skeleton key={i} h={180} radius="md" />)}
        </SimpleGrid>
      ) : results.length === 0 ? (
        <EmptyCard
          icon={<IconMusic size={28} />}
          title={status === 'all' ? 'No practice yet' : `No ${FILTER_LABELS[status].toLowerCase()} practice`}
          description={status === 'all' ? 'When a teacher assigns you practice, it shows here by due date.' : 'Change the filter to see the others.'}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy={list.isFetching}>
          {results.map((item) => <PracticeCard key={item._id} item={item} />)}
        </SimpleGrid>
      )}
      <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      {!list.isPending && results.length > 0 && <Text size="xs" c="dimmed">Tick a song when you can play it through; your teacher sees it.</Text>}
    </Stack>
  );
}
