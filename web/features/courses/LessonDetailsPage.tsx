import { Button, Card, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { useRequiredSession } from '../../lib/useSession';
import { useLesson } from './api';
import { LessonContent } from './LessonContent';
import { MarkDoneButton } from './LessonList';
import { coursePath } from './paths';

/** /learning/lesson_details/{lessonID}/{id}: one lesson of a course, with the previous and next. */
export default function LessonDetailsPage() {
  const { lessonID, id } = useParams();
  const { user } = useRequiredSession();
  const lesson = useLesson(lessonID);
  if (lesson.isError && (lesson.error as { status?: number }).status === 404) {
    return <EmptyCard title="Lesson not found" description="It may have been deleted, or its course is not shared with you." />;
  }
  const near = (lessonId: string) => `/learning/lesson_details/${lessonId}/${id ?? ''}`;
  return (
    <QueryContent query={lesson} loadingLabel="Loading the lesson" errorTitle="Could not load the lesson">
      {(data) => (
        <Stack gap="lg">
          <PageHeader
            title={data.title}
            subtitle={`Lesson ${data.position} of ${data.course.title}`}
            actions={<Button component={Link} to={coursePath(user.role, data.course._id)} variant="default">Back to the course</Button>}
          />
          <Card withBorder radius="md">
            <LessonContent lesson={data} />
          </Card>
          <Group justify="space-between">
            {data.previousId ? <Button component={Link} to={near(data.previousId)} variant="subtle" leftSection={<IconArrowLeft size={16} />}>Previous lesson</Button> : <span />}
            {user.permissions.reach === 'self' && <MarkDoneButton lesson={data} />}
            {data.nextId ? <Button component={Link} to={near(data.nextId)} variant="subtle" rightSection={<IconArrowRight size={16} />}>Next lesson</Button> : <span />}
          </Group>
        </Stack>
      )}
    </QueryContent>
  );
}
