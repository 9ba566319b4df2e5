import { Alert, Badge, Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { CourseDetails, LessonItem } from '../../../shared/contracts/courses';
import { ConfirmModal } from '../../components/ConfirmModal';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRequiredSession } from '../../lib/useSession';
import { useCourse, useRemoveCourse, useRemoveLesson } from './api';
import { AssignAndProgress } from './AssignAndProgress';
import { CourseCover } from './CourseCover';
import { CourseFormModal, type CourseEditing } from './CourseFormModal';
import { CourseStatusBadge } from './CourseStatusBadge';
import { LessonList } from './LessonList';
import type { LessonEditing } from './LessonFormModal';

// The rich-text editor is loaded only by those who open it.
const LessonFormModal = lazy(() => import('./LessonFormModal'));

function Course({ course }: { course: CourseDetails }) {
  const { user } = useRequiredSession();
  const navigate = useNavigate();
  const [editingCourse, setEditingCourse] = useState<CourseEditing>(null);
  const [editingLesson, setEditingLesson] = useState<LessonEditing>(null);
  const [deletingLesson, setDeletingLesson] = useState<LessonItem | null>(null);
  const [deletingCourse, setDeletingCourse] = useState(false);
  const removeLesson = useRemoveLesson();
  const removeCourse = useRemoveCourse();
  const doneCount = course.lessons.filter((l) => l.done).length;
  const teacherEdits = user.permissions.coursesWaitForApproval;
  const ownProgress = user.permissions.reach === 'self';

  return (
    <Stack gap="lg">
      <PageHeader
        title={course.title}
        subtitle={`${course.genre.name} · ${course.level[0]!.toUpperCase()}${course.level.slice(1)}${course.author && !course.provider ? ` · by ${fullName(course.author)}` : ''}`}
        actions={course.canEdit && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditingCourse({ mode: 'edit', course })}>Edit course</Button>
            <Button variant="subtle" color="red" c="red.9" leftSection={<IconTrash size={16} />} onClick={() => setDeletingCourse(true)}>Delete course</Button>
          </Group>
        )}
      />
      <Paper withBorder radius="md" maw={560} style={{ overflow: 'hidden' }}>
        <CourseCover course={course} height={200} />
      </Paper>
      <Group gap="xs">
        <CourseStatusBadge course={course} />
        {ownProgress && <Badge variant="light" c="dark.7" tt="none">{doneCount} of {course.lessons.length} lessons done</Badge>}
      </Group>
      {course.status === 'rejected' && course.rejectReason && (
        <Alert color="red" variant="light" title="Not approved">Reason: {course.rejectReason}</Alert>
      )}
      {course.status === 'waiting' && !course.provider && !ownProgress && (
        <Alert color="yellow" variant="light">This course waits for the school’s approval; students see it once it is approved.</Alert>
      )}
      {course.description && <Text style={{ whiteSpace: 'pre-line' }}>{course.description}</Text>}

      <Card withBorder radius="md" component="section" aria-label="Lessons">
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>Lessons</Text>
            {course.canEdit && <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setEditingLesson({ mode: 'add' })}>Add lesson</Button>}
          </Group>
          {course.canEdit && teacherEdits && course.status === 'approved' && (
            <Text size="xs" c="dimmed">Changing this course or its lessons sends it back to the school for approval.</Text>
          )}
          {course.lessons.length === 0 ? (
            <Text size="sm" c="dimmed">No lessons yet.{course.canEdit ? ' Add the first lesson.' : ''}</Text>
          ) : (
            <LessonList course={course} onEdit={(lesson) => setEditingLesson({ mode: 'edit', lesson })} onDelete={setDeletingLesson} />
          )}
        </Stack>
      </Card>

      {course.canAssign && <AssignAndProgress course={course} />}

      <CourseFormModal editing={editingCourse} waitsForApproval={teacherEdits} onClose={() => setEditingCourse(null)} />
      {editingLesson && (
        <Suspense fallback={null}>
          <LessonFormModal courseId={course._id} editing={editingLesson} onClose={() => setEditingLesson(null)} />
        </Suspense>
      )}
      <ConfirmModal
        opened={deletingLesson !== null}
        onClose={() => setDeletingLesson(null)}
        title="Delete lesson"
        loading={removeLesson.isPending}
        onConfirm={() => deletingLesson && removeLesson.mutate(deletingLesson._id, {
          onSuccess: (r) => { notifySuccess(r.message); setDeletingLesson(null); },
          onError: (e) => notifyError(errorMessage(e)),
        })}
      >
        {`Delete the lesson "${deletingLesson?.title ?? ''}"? Students lose their mark on it.`}
      </ConfirmModal>
      <ConfirmModal
        opened={deletingCourse}
        onClose={() => setDeletingCourse(false)}
        title="Delete course"
        loading={removeCourse.isPending}
        onConfirm={() => removeCourse.mutate(course._id, {
          onSuccess: (r) => { notifySuccess(r.message); void navigate('/learning/courses'); },
          onError: (e) => notifyError(errorMessage(e)),
        })}
      >
        {`Delete "${course.title}" with its ${course.lessons.length} lessons? Its students lose it and their progress.`}
      </ConfirmModal>
    </Stack>
  );
}

/**
 * A course: /learning/course_detail/{id} (superadmin, the office) and /learning/lessons/{id} (every
 * role with courses): its lessons in order, and for those who may, editing, assigning and progress.
 */
export default function CoursePage() {
  const { id } = useParams();
  const course = useCourse(id);
  if (course.isError && (course.error as { status?: number }).status === 404) {
    return <EmptyCard title="Course not found" description="It may have been deleted, or it is not shared with you." />;
  }
  return (
    <QueryContent query={course} loadingLabel="Loading the course" errorTitle="Could not load the course">
      {(data) => <Course course={data} />}
    </QueryContent>
  );
}
