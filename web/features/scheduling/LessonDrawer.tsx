import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ATTENDANCE_LABELS, SCHEDULING_MESSAGES, type LessonDetails, type Scope } from '../../../shared/contracts/scheduling';
import { CLOSE_BUTTON_PROPS } from '../../components/AppModal';
import { DetailField } from '../../components/DetailField';
import { FormFailure } from '../../components/FormParts';
import { QueryContent } from '../../components/QueryContent';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useRequiredSession } from '../../lib/useSession';
import { AttendanceForm } from './AttendanceForm';
import { useDeleteLesson, useLesson, useRestoreLesson } from './calendarApi';
import { CancelLessonForm } from './CancelLessonForm';
import { LessonForm } from './LessonForm';
import { formatDay, formatLessonWhen } from './lessonFormat';
import { nextFreeStart } from './nextFreeStart';
import { MakeupBookingForm } from './MakeupBookingForm';
import { ScopeQuestion } from './ScopeQuestion';
import { isOffice } from './schedulingRoles';

type Mode = 'view' | 'edit' | 'cancel' | 'delete' | 'attendance' | 'makeup';

const TITLES: Record<Mode, string> = {
  view: 'Lesson',
  edit: 'Edit lesson',
  cancel: 'Cancel lesson',
  delete: 'Delete lesson',
  attendance: 'Take attendance',
  makeup: 'Book make-up lesson',
};

type Props = {
  lessonId: string | null;
  onClose: () => void;
  /** Whether the caller books make-ups (staff: getEvents' canCreate). */
  canBookMakeup: boolean;
  /** Whose lesson it is, where the calendar tells the caller's people apart (a parent's children). */
  forWhom?: string | null;
};

/** A lesson's details and what the caller may do with it, one step at a time in a side drawer. */
export function LessonDrawer({ lessonId, onClose, canBookMakeup, forWhom = null }: Props) {
  const [mode, setMode] = useState<Mode>('view');
  const close = () => {
    setMode('view');
    onClose();
  };
  return (
    <Drawer
      opened={lessonId !== null}
      onClose={close}
      title={<Text fw={600}>{TITLES[mode]}</Text>}
      position="right"
      size="md"
      closeButtonProps={CLOSE_BUTTON_PROPS}
    >
      {lessonId && <LessonLoader id={lessonId} mode={mode} setMode={setMode} onClose={close} canBookMakeup={canBookMakeup} forWhom={forWhom} />}
    </Drawer>
  );
}

type LoaderProps = { id: string; mode: Mode; setMode: (mode: Mode) => void; onClose: () => void; canBookMakeup: boolean; forWhom: string | null };

function LessonLoader({ id, mode, setMode, onClose, canBookMakeup, forWhom }: LoaderProps) {
  const { user } = useRequiredSession();
  const back = () => setMode('view');
  return (
    <QueryContent query={useLesson(id)} loadingLabel="Loading lesson" errorTitle="Could not load this lesson" rows={6}>
      {(lesson) => {
        switch (mode) {
          case 'edit':
            return <LessonForm mode="edit" lesson={lesson} onDone={onClose} onCancel={back} />;
          case 'cancel':
            return <CancelLessonForm lesson={lesson} mayGrantAnyway={isOffice(user)} onDone={onClose} onBack={back} />;
          case 'delete':
            return <DeleteLesson lesson={lesson} onDone={onClose} onBack={back} />;
          case 'attendance':
            return <AttendanceForm lesson={lesson} onDone={back} onBack={back} />;
          case 'makeup':
            return <MakeupBookingForm fromLessonId={lesson._id} from={{ roomId: lesson.room?._id ?? null, durationMinutes: lesson.durationMinutes }} start={nextFreeStart([], lesson.timeZone, null, lesson.durationMinutes, lesson.schoolHours)} onDone={onClose} onCancel={back} />;
          default:
            return <LessonDetailsView lesson={lesson} setMode={setMode} canBookMakeup={canBookMakeup} forWhom={forWhom} />;
        }
      }}
    </QueryContent>
  );
}

type DetailsProps = { lesson: LessonDetails; setMode: (mode: Mode) => void; canBookMakeup: boolean; forWhom: string | null };

function LessonDetailsView({ lesson, setMode, canBookMakeup, forWhom }: DetailsProps) {
  const { cancelLesson, bankLesson, cancelReason, bankedExpDate, class_groupId } = lesson.assignedId;
  // Attendance is taken once the lesson has started (the server says so too).
  const started = Date.parse(lesson.start) <= Date.now();
  const restore = useRestoreLesson();
  const [failure, setFailure] = useState<string | null>(null);
  const doRestore = () => {
    setFailure(null);
    restore.mutate(lesson._id, {
      onSuccess: (result) => notifySuccess(result.message || SCHEDULING_MESSAGES.lessonRestored),
      onError: (error) => setFailure(errorMessage(error)),
    });
  };
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600} size="lg" td={cancelLesson ? 'line-through' : undefined}>
          {lesson.detail ? lesson.title : lesson.lesson_type.name}
        </Text>
        <Text size="sm">{formatLessonWhen(lesson.start, lesson.end)}</Text>
        <Group gap="xs">
          {/* Dark shades, outlined: the badges' small text keeps 4.5:1 on white. */}
          {cancelLesson && <Badge color="gray.8" variant="outline">Cancelled</Badge>}
          {cancelLesson && bankLesson && bankedExpDate && <Badge color="grape.9" variant="outline">Banked until {formatDay(bankedExpDate)}</Badge>}
          {lesson.isMakeup && <Badge color="grape.9" variant="outline">Make-up</Badge>}
          {lesson.attendanceTaken && (
            <Badge color="teal.9" variant="outline" leftSection={<IconCircleCheck size={12} aria-hidden />}>
              Attendance taken
            </Badge>
          )}
        </Group>
      </Stack>
      <FormFailure message={failure} />
      {forWhom && <DetailField label="For">{forWhom}</DetailField>}
      <DetailField label="Lesson type">{lesson.lesson_type.name}</DetailField>
      <DetailField label="Room">{lesson.room?.roomName ?? 'No room'}</DetailField>
      {lesson.teacher && <DetailField label="Teacher">{fullName(lesson.teacher)}</DetailField>}
      {lesson.detail && class_groupId && <DetailField label="Class/Group">{class_groupId.name}</DetailField>}
      {lesson.detail && lesson.studentAttendance.length > 0 && (
        <DetailField label="Students" block>
          <Stack gap={2}>
            {lesson.studentAttendance.map((a) => (
              <Group key={a.studId._id} gap="xs" justify="space-between">
                <span>{fullName(a.studId)}</span>
                <Text size="xs" c={a.status ? undefined : 'dimmed'}>
                  {a.status ? ATTENDANCE_LABELS[a.status] : 'Attendance not taken'}
                </Text>
              </Group>
            ))}
          </Stack>
        </DetailField>
      )}
      {lesson.repeatText && <DetailField label="Repeats">{lesson.repeatText}</DetailField>}
      {lesson.notes && <DetailField label="Notes">{lesson.notes}</DetailField>}
      {cancelLesson && <DetailField label="Cancel reason">{cancelReason}</DetailField>}
      <Group gap="sm">
        {lesson.canEdit && !cancelLesson && (
          <Button variant="light" onClick={() => setMode('edit')}>
            Edit
          </Button>
        )}
        {lesson.canEdit && !cancelLesson && started && (
          <Button variant="light" onClick={() => setMode('attendance')}>
            Take attendance
          </Button>
        )}
        {(lesson.canEdit || lesson.canCancel) && !cancelLesson && (
          <Button variant="default" onClick={() => setMode('cancel')}>
            Cancel lesson
          </Button>
        )}
        {lesson.canEdit && cancelLesson && (
          <Button variant="light" onClick={doRestore} loading={restore.isPending}>
            Restore
          </Button>
        )}
        {canBookMakeup && cancelLesson && bankLesson && (
          <Button variant="default" onClick={() => setMode('makeup')}>
            Book make-up
          </Button>
        )}
        {lesson.canEdit && (
          <Button variant="default" onClick={() => setMode('delete')}>
            Delete
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function DeleteLesson({ lesson, onDone, onBack }: { lesson: LessonDetails; onDone: () => void; onBack: () => void }) {
  const remove = useDeleteLesson();
  const [failure, setFailure] = useState<string | null>(null);
  const send = (scope: Scope) => {
    setFailure(null);
    remove.mutate({ id: lesson._id, scope }, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.lessonDeleted);
        onDone();
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };
  return (
    <Stack gap="md">
      <FormFailure message={failure} />
      {lesson.seriesId ? (
        <ScopeQuestion question="Delete only this lesson or this and all following lessons?" onChoose={send} onBack={onBack} pending={remove.isPending} />
      ) : (
        <>
          <Text size="sm">Delete this lesson? A lesson with attendance taken cannot be deleted; cancel it instead.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onBack} disabled={remove.isPending}>
              Back
            </Button>
            <Button color="red" onClick={() => send('this')} loading={remove.isPending} data-autofocus>
              Delete
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
