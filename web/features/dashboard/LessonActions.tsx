import { Drawer, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CLOSE_BUTTON_PROPS } from '../../components/AppModal';
import { QueryContent } from '../../components/QueryContent';
import { AttendanceForm, LessonDrawer, useLesson } from '../scheduling';
import { TODAY_KEY } from './api';
import { whenOf } from './glanceFormat';

export type LessonAction = { id: string; mode: 'attendance' | 'view' };

type Props = { action: LessonAction | null; onClose: () => void };

/**
 * What a tap on the agenda opens, without leaving the dashboard: the attendance form straight
 * away, or the lesson's drawer (the calendar's). Closing refreshes the glance.
 */
export default function LessonActions({ action, onClose }: Props) {
  const queryClient = useQueryClient();
  const close = () => {
    void queryClient.invalidateQueries({ queryKey: TODAY_KEY });
    onClose();
  };
  return (
    <>
      <LessonDrawer lessonId={action?.mode === 'view' ? action.id : null} onClose={close} canBookMakeup={false} />
      <Drawer
        opened={action?.mode === 'attendance'}
        onClose={close}
        title={<Text fw={600}>Take attendance</Text>}
        position="right"
        size="md"
        closeButtonProps={CLOSE_BUTTON_PROPS}
      >
        {action?.mode === 'attendance' && <AttendanceLoader id={action.id} onDone={close} />}
      </Drawer>
    </>
  );
}

function AttendanceLoader({ id, onDone }: { id: string; onDone: () => void }) {
  return (
    <QueryContent query={useLesson(id)} loadingLabel="Loading lesson" errorTitle="Could not load this lesson" rows={4}>
      {(lesson) => (
        <Stack gap="md">
          {/* Which lesson: the form itself names only the students. */}
          <Text size="sm" fw={600}>
            {lesson.detail ? lesson.title : lesson.lesson_type.name}, {whenOf(lesson.start, lesson.end, lesson.timeZone)}
          </Text>
          <AttendanceForm lesson={lesson} onDone={onDone} onBack={onDone} />
        </Stack>
      )}
    </QueryContent>
  );
}
