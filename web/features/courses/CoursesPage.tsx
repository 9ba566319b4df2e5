import { Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CourseItem } from '../../../shared/contracts/courses';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListPagination } from '../../components/ListPagination';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { fullName } from '../../lib/format';
import { usePagedResults, useListState } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { COURSES_PAGE_SIZE, useCourseList, type CourseFilter } from './api';
import { CourseCover } from './CourseCover';
import { CourseFormModal, type CourseEditing } from './CourseFormModal';
import { CourseStatusBadge } from './CourseStatusBadge';
import { coursePath } from './paths';

const STATUS_OPTIONS: { value: CourseFilter; label: string }[] = [
  { value: 'all', label: 'All courses' },
  { value: 'approved', label: 'Approved' },
  { value: 'waiting', label: 'Waiting for approval' },
  { value: 'rejected', label: 'Rejected' },
];
const levelLabel = (level: string) => level[0]!.toUpperCase() + level.slice(1);

function CourseCard({ course, to }: { course: CourseItem; to: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={course.title}>
      <Card.Section mb="sm">
        <CourseCover course={course} height={120} />
      </Card.Section>
      <Stack gap="xs" style={{ flexGrow: 1 }}>
        <Title order={3} size="h5">
          <Text component={Link} to={to} inherit c="inherit">{course.title}</Text>
        </Title>
        <Group gap={6}>
          <CourseStatusBadge course={course} />
          <Badge variant="default">{course.genre.name}</Badge>
          <Badge variant="default">{levelLabel(course.level)}</Badge>
        </Group>
        {course.description && <Text size="sm" c="dimmed" lineClamp={3}>{course.description}</Text>}
        <Group justify="space-between" mt="auto" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {course.lessonCount} {course.lessonCount === 1 ? 'lesson' : 'lessons'}
            {course.author && !course.provider ? ` · by ${fullName(course.author)}` : ''}
          </Text>
          <Button component={Link} to={to} size="xs" variant="light" style={{ flexShrink: 0 }} aria-label={`Open ${course.title}`}>Open</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /learning/courses (docs/domains/learning.md "Screens and routes", "Limits"): the courses the caller may see, eight a page: the
 * provider's (open to every school, read only), the school's, a teacher's own, and for a student
 * the approved ones given to them or their class/group.
 */
export default function CoursesPage() {
  const { user } = useRequiredSession();
  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [status, setStatus] = useState<CourseFilter>('all');
  const [editing, setEditing] = useState<CourseEditing>(null);
  const list = useCourseList(page, debouncedSearch, status);
  const { results, totalPages } = usePagedResults(list.data, COURSES_PAGE_SIZE, page, setPage);
  const filtered = debouncedSearch !== '' || status !== 'all';
  const { createsCourses: canCreate, reach, coursesWaitForApproval } = user.permissions;
  const isStudent = reach === 'self';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Courses"
        subtitle={isStudent ? 'The courses your teachers gave you.' : reach === 'provider' ? 'Your courses, open to every school.' : 'Your school’s courses and the provider’s.'}
        actions={canCreate && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>Add Course</Button>}
      />
      <ListFilters filtered={filtered} onClear={() => { setSearch(''); filterSetter(setStatus)('all'); }}>
        <SearchInput label="Search" placeholder="Course title" value={search} onChange={setSearch} w={{ base: '100%', sm: 300 }} />
        {!isStudent && reach !== 'provider' && (
          <Select label="Status" data={STATUS_OPTIONS} value={status} allowDeselect={false}
            onChange={(v) => filterSetter(setStatus)((v ?? 'all') as CourseFilter)} w={{ base: '100%', sm: 220 }} />
        )}
      </ListFilters>

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} aria-busy="true" aria-label="Loading courses">
          {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={160} radius="md" />)}
        </SimpleGrid>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="Could not load the courses" />
      ) : results.length === 0 ? (
        <EmptyCard
          icon={<IconBook2 size={28} />}
          title={filtered ? 'No course matches your search' : 'No courses yet'}
          description={filtered ? 'Try another title or status, or clear the filters.' : isStudent ? 'When your teacher gives you a course, it shows here.' : 'Add the first course to get started.'}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} role="list" aria-label="Courses">
          {results.map((c) => <div role="listitem" key={c._id}><CourseCard course={c} to={coursePath(user.role, c._id)} /></div>)}
        </SimpleGrid>
      )}
      <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      <CourseFormModal editing={editing} waitsForApproval={coursesWaitForApproval} onClose={() => setEditing(null)} />
    </Stack>
  );
}


