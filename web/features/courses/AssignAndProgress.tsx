import { Badge, Button, Card, CloseButton, Group, MultiSelect, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { COURSE_MESSAGES, type CourseDetails } from '../../../shared/contracts/courses';
import { PeopleMultiSelect } from '../../components/PeopleMultiSelect';
import { QueryError } from '../../components/QueryError';
import { ApiError, errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { searchPeople } from '../../components/peopleSearch';
import { useAssignCourse, useGroupOptions, useProgress, useUnassignCourse } from './api';
import { ResponsiveTable } from '../../components/ResponsiveTable';

const searchStudents = (text: string) => searchPeople('student', text);

/** Gives the course to students and classes/groups (a teacher's own: the server checks). */
function AssignForm({ courseId }: { courseId: string }) {
  const [studentIds, setStudentIds] = useState<string[]>([]);
  const [classGroupIds, setGroupIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const groups = useGroupOptions(true);
  const assign = useAssignCourse();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (studentIds.length + classGroupIds.length === 0) return setErrors({ studentIds: COURSE_MESSAGES.assignNobody });
    assign.mutate({ courseId, studentIds, classGroupIds }, {
      onSuccess: (r) => { notifySuccess(r.message); setStudentIds([]); setGroupIds([]); setErrors({}); },
      onError: (e) => (e instanceof ApiError && Object.keys(e.errors).length ? setErrors(e.errors) : notifyError(errorMessage(e))),
    });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Assign course">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PeopleMultiSelect label="Students" placeholder="Type a student's name" value={studentIds} onChange={(v) => { setStudentIds(v); setErrors({}); }}
          error={errors.studentIds} queryKey={['courses', 'students']} search={searchStudents} />
        <MultiSelect label="Classes/Groups" placeholder={groups.isPending ? 'Loading…' : 'Choose classes/groups'} searchable
          data={(groups.data ?? []).map((g) => ({ value: g._id, label: g.name }))} value={classGroupIds}
          onChange={(v) => { setGroupIds(v); setErrors({}); }} error={errors.classGroupIds} w={{ base: '100%', sm: 260 }} />
        <Button type="submit" loading={assign.isPending}>Assign</Button>
      </Group>
    </form>
  );
}

/**
 * Who is given the course and who finished which lessons: the office sees the school's students,
 * a teacher their own.
 */
export function AssignAndProgress({ course }: { course: CourseDetails }) {
  const progress = useProgress(course._id, true);
  const unassign = useUnassignCourse();
  const titles = new Map(course.lessons.map((l, i) => [l._id, `${i + 1}. ${l.title}`]));
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="course-progress-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="course-progress-title">Assigned students and progress</Title>
        <AssignForm courseId={course._id} />
        {progress.isError ? (
          <QueryError error={progress.error} onRetry={() => void progress.refetch()} title="Could not load the progress" />
        ) : progress.data && (
          <>
            <Group gap="xs" aria-label="Assigned to">
              {progress.data.assignments.length === 0 && <Text size="sm" c="dimmed">Not assigned to anyone yet.</Text>}
              {progress.data.assignments.map((a) => {
                const name = a.student ? fullName(a.student) : a.classGroup!.name;
                return (
                  <Badge key={a._id} variant="light" size="lg" c="dark.7" tt="none" rightSection={
                    <CloseButton size="xs" aria-label={`Remove ${name}`} disabled={unassign.isPending}
                      onClick={() => unassign.mutate(a._id, { onSuccess: (r) => notifySuccess(r.message), onError: (e) => notifyError(errorMessage(e)) })} />
                  }>
                    {a.classGroup ? `Group: ${name}` : name}
                  </Badge>
                );
              })}
            </Group>
            {progress.data.students.length > 0 && (
              <ResponsiveTable columns={['Student', 'Done', 'Lessons finished']} label="Progress per student" minWidth={520} verticalSpacing="xs">
                {progress.data.students.map((s) => (
                  <Table.Tr key={s.student._id}>
                    <Table.Td><Text size="sm">{fullName(s.student)}</Text></Table.Td>
                    <Table.Td w={200}>
                      <Group gap="xs" wrap="nowrap">
                        <Progress value={progress.data.lessonCount ? (100 * s.doneCount) / progress.data.lessonCount : 0} w={100}
                          aria-label={`${fullName(s.student)}: ${s.doneCount} of ${progress.data.lessonCount} lessons done`} />
                        <Text size="sm">{s.doneCount}/{progress.data.lessonCount}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td><Text size="xs" c="dimmed">{s.doneLessonIds.map((id) => titles.get(id)).filter(Boolean).join(', ') || '—'}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </ResponsiveTable>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
