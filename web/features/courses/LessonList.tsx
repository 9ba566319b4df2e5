import { Accordion, ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCircleCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CourseDetails, LessonItem } from '../../../shared/contracts/courses';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRequiredSession } from '../../lib/useSession';
import { useMarkLesson, useReorderLessons } from './api';
import { LessonContent } from './LessonContent';
import { lessonPath } from './paths';

/** The student's own mark on a lesson. */
export function MarkDoneButton({ lesson }: { lesson: LessonItem }) {
  const mark = useMarkLesson();
  return (
    <Button
      size="xs"
      variant={lesson.done ? 'default' : 'filled'}
      leftSection={<IconCircleCheck size={16} />}
      loading={mark.isPending}
      aria-label={lesson.done ? `Mark ${lesson.title} as not done` : `Mark ${lesson.title} as done`}
      onClick={() => mark.mutate({ lessonId: lesson._id, done: !lesson.done }, { onSuccess: (r) => notifySuccess(r.message), onError: (e) => notifyError(errorMessage(e)) })}
    >
      {lesson.done ? 'Mark as not done' : 'Mark as done'}
    </Button>
  );
}

type Props = { course: CourseDetails; onEdit: (lesson: LessonItem) => void; onDelete: (lesson: LessonItem) => void };

/**
 * A course's lessons in order, each opening in place: a student reads it and marks it done; whoever
 * may change the course edits, moves (up and down buttons: keyboard usable) and deletes.
 */
export function LessonList({ course, onEdit, onDelete }: Props) {
  const { user } = useRequiredSession();
  const reorder = useReorderLessons();
  const ids = course.lessons.map((l) => l._id);
  // The open lessons: only they mount their video player.
  const [open, setOpen] = useState<string[]>([]);
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    reorder.mutate({ courseId: course._id, lessonIds: next }, { onSuccess: (r) => notifySuccess(r.message), onError: (e) => notifyError(errorMessage(e)) });
  };
  return (
    <Accordion variant="separated" multiple chevronPosition="left" value={open} onChange={setOpen}>
      {course.lessons.map((lesson, i) => {
        const own = lessonPath(user.role, lesson._id, course._id);
        return (
          <Accordion.Item key={lesson._id} value={lesson._id}>
            <Group wrap="nowrap" gap={4} pr="xs">
              <Accordion.Control aria-label={`Lesson ${i + 1}: ${lesson.title}`}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" c="dimmed" w={24}>{i + 1}.</Text>
                  <Text size="sm" fw={500}>{lesson.title}</Text>
                  {lesson.done && <Badge size="sm" color="green" variant="light" c="dark.7">Done</Badge>}
                  {lesson.embedUrl && <Badge size="sm" variant="default">Video</Badge>}
                </Group>
              </Accordion.Control>
              {course.canEdit && (
                <Group gap={2} wrap="nowrap">
                  <Tooltip label="Move up"><ActionIcon variant="subtle" color="gray" aria-label={`Move ${lesson.title} up`} disabled={i === 0 || reorder.isPending} onClick={() => move(i, i - 1)}><IconArrowUp size={16} /></ActionIcon></Tooltip>
                  <Tooltip label="Move down"><ActionIcon variant="subtle" color="gray" aria-label={`Move ${lesson.title} down`} disabled={i === ids.length - 1 || reorder.isPending} onClick={() => move(i, i + 1)}><IconArrowDown size={16} /></ActionIcon></Tooltip>
                  <Tooltip label="Edit"><ActionIcon variant="subtle" color="gray" aria-label={`Edit ${lesson.title}`} onClick={() => onEdit(lesson)}><IconPencil size={16} /></ActionIcon></Tooltip>
                  <Tooltip label="Delete"><ActionIcon variant="subtle" color="red" c="red.9" aria-label={`Delete ${lesson.title}`} onClick={() => onDelete(lesson)}><IconTrash size={16} /></ActionIcon></Tooltip>
                </Group>
              )}
            </Group>
            <Accordion.Panel>
              <Stack gap="md">
                {lesson.body || lesson.embedUrl ? <LessonContent lesson={lesson} showVideo={open.includes(lesson._id)} /> : <Text size="sm" c="dimmed">This lesson has no text yet.</Text>}
                <Group gap="xs">
                  {user.permissions.reach === 'self' && <MarkDoneButton lesson={lesson} />}
                  {own && <Button component={Link} to={own} size="xs" variant="subtle">Open lesson page</Button>}
                </Group>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
