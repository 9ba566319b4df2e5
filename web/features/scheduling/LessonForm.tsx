import { Stack, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  SCHEDULING_MESSAGES, lessonForm,
  type LessonDetails, type LessonFormValues, type LessonTypeItem, type LessonUpdateInput, type Scope,
} from '../../../shared/contracts/scheduling';
import { FormActions, FormFailure } from '../../components/FormParts';
import { PeopleMultiSelectField } from '../../components/PeopleMultiSelectField';
import { PersonSelect } from '../../components/PersonSelect';
import { TeacherField } from '../../components/TeacherField';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { applyFieldErrors } from '../../lib/forms';
import { scrollToFirstError } from '../../lib/scrollToError';
import { notifySuccess } from '../../lib/notify';
import { useRequiredSession } from '../../lib/useSession';
import { searchPeople } from '../../components/peopleSearch';
import { pickerKey, useAddLesson, useLessonTypes, useUpdateLesson } from './calendarApi';
import { ClashAlert, type ClashState } from './ClashAlert';
import { isClash, isRoomOnlyClash } from './clash';
import { RepeatFields, type RepeatShape } from './RepeatFields';
import { ScopeQuestion } from './ScopeQuestion';
import { LessonTimeFields, LessonTypeField, RoomField } from './LessonFields';
import { isOffice, teachesOwnOnly } from './schedulingRoles';

/** What the inputs hold; the contract's schema turns it into the call's body. */
type Shape = {
  id?: string;
  scope?: Scope;
  teacherId: string;
  lessonTypeId: string;
  roomId: string | null;
  studentIds: string[];
  classGroupId: string | null;
  date: string;
  startTime: string;
  durationMinutes: string | number;
  notes: string;
} & RepeatShape;
type Output = LessonFormValues;

const FIELDS = [
  'teacherId', 'lessonTypeId', 'roomId', 'studentIds', 'classGroupId', 'date', 'startTime', 'durationMinutes',
  'repeat', 'ends', 'untilDate', 'count', 'notes',
] as const;

/** What an edit may change; the call carries only those that changed (a partial update). */
const EDITABLE = ['teacherId', 'lessonTypeId', 'roomId', 'studentIds', 'classGroupId', 'date', 'startTime', 'durationMinutes', 'notes'] as const;

/** The edit call's body: the lesson, the scope, and only the fields the form changed. */
function changedFields(values: Output, defaults: Shape): Partial<Pick<Output, (typeof EDITABLE)[number]>> {
  const changed: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    if (JSON.stringify(values[key]) !== JSON.stringify(key === 'durationMinutes' ? Number(defaults[key]) : defaults[key])) changed[key] = values[key];
  }
  return changed;
}

/** Where a new lesson starts: a selected slot, or the next hour. */
export type LessonStart = { date: string; startTime: string; durationMinutes?: number };

export type LessonFormProps = { onDone: () => void; onCancel: () => void } & (
  | { mode: 'add'; start: LessonStart }
  | { mode: 'edit'; lesson: LessonDetails }
);

const searchTeachers = (text: string) => searchPeople('teacher', text);
const searchStudents = (text: string) => searchPeople('student', text);
const searchClasses = (text: string) => searchPeople('class', text);

function defaultsOf(props: LessonFormProps, ownTeacherId: string | null): Shape {
  if (props.mode === 'edit') {
    const { lesson } = props;
    const group = lesson.assignedId.class_groupId;
    return {
      id: lesson._id,
      scope: 'this',
      teacherId: lesson.teacher?._id ?? ownTeacherId ?? '',
      lessonTypeId: lesson.lesson_type._id,
      roomId: lesson.room?._id ?? null,
      studentIds: group ? [] : lesson.studentAttendance.map((a) => a.studId._id),
      classGroupId: group?._id ?? null,
      date: lesson.date,
      startTime: lesson.startTime,
      durationMinutes: lesson.durationMinutes,
      notes: lesson.notes,
    };
  }
  return {
    teacherId: ownTeacherId ?? '',
    lessonTypeId: '',
    roomId: null,
    studentIds: [],
    classGroupId: null,
    date: props.start.date,
    startTime: props.start.startTime,
    durationMinutes: props.start.durationMinutes ?? '',
    repeat: 'none',
    ends: 'never',
    untilDate: null,
    count: null,
    notes: '',
  };
}

type Clash = ClashState<Output> & { scope: Scope };

/**
 * The lesson modal's form: who (teacher, lesson type, students or class/group, room), when
 * (the school's wall clock) and, for a new lesson, how it repeats. Editing a lesson of a series
 * asks whether the change is for this lesson or this and the following ones.
 */
export function LessonForm(props: LessonFormProps) {
  const { onDone, onCancel } = props;
  const { user } = useRequiredSession();
  const editing = props.mode === 'edit';
  const lesson = editing ? props.lesson : null;
  const ownTeacher = teachesOwnOnly(user);
  const office = isOffice(user);
  const [defaults] = useState(() => defaultsOf(props, ownTeacher ? user._id : null));
  // Both modes check what the inputs hold with the lesson form's rules; an edit then sends only what changed.
  const form = useForm<Shape, unknown, Output>({
    resolver: zodResolver(lessonForm) as unknown as Resolver<Shape, unknown, Output>,
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const types = useLessonTypes();
  const add = useAddLesson();
  const update = useUpdateLesson();
  const [failure, setFailure] = useState<string | null>(null);
  const [clash, setClash] = useState<Clash | null>(null);
  const [askScope, setAskScope] = useState<Output | null>(null);

  const [lessonTypeId, repeat, ends] = useWatch({ control: form.control, name: ['lessonTypeId', 'repeat', 'ends'] });
  const kind = types.data?.find((t) => t._id === lessonTypeId)?.kind ?? (lessonTypeId === lesson?.lesson_type._id ? lesson?.lesson_type.kind : undefined);

  const send = (values: Output, scope: Scope, allowRoomConflict = false) => {
    setFailure(null);
    setClash(null);
    const callbacks = {
      onSuccess: (result: { message: string }) => {
        notifySuccess(result.message || (editing ? SCHEDULING_MESSAGES.lessonUpdated : SCHEDULING_MESSAGES.lessonAdded));
        onDone();
      },
      onError: (error: unknown) => {
        if (isClash(error)) setClash({ message: errorMessage(error), roomOnly: office && isRoomOnlyClash(error), values, scope });
        else if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error));
        scrollToFirstError(formRef.current);
      },
    };
    if (lesson) {
      const body: LessonUpdateInput = { id: lesson._id, scope, allowRoomConflict, ...changedFields(values, defaults) };
      update.mutate(body, callbacks);
    } else add.mutate({ ...values, allowRoomConflict }, callbacks);
  };

  const save = form.handleSubmit((values) => {
    if (lesson?.seriesId) setAskScope(values);
    else send(values, 'this');
  }, () => scrollToFirstError(formRef.current));
  const pending = add.isPending || update.isPending;

  // A class/group lesson has no students of its own, a private one no class/group.
  const chooseType = (type: LessonTypeItem) => {
    if (type.kind === 'class_group') form.setValue('studentIds', []);
    else form.setValue('classGroupId', null);
  };

  return (
    <form ref={formRef} noValidate onSubmit={save} aria-label={editing ? 'Edit lesson' : 'Add lesson'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TeacherField
          control={form.control}
          own={ownTeacher ? { name: lesson?.teacher ? fullName(lesson.teacher) : `${fullName(user)} (you)` } : null}
          error={errors.teacherId?.message}
          known={lesson?.teacher ? { value: lesson.teacher._id, label: fullName(lesson.teacher) } : null}
          queryKey={pickerKey('teacher')}
          search={searchTeachers}
        />
        <LessonTypeField form={form} onChoose={chooseType} />
        {kind === 'class_group' ? (
          <Controller
            control={form.control}
            name="classGroupId"
            render={({ field }) => (
              <PersonSelect
                label="Class/Group"
                required
                placeholder="Type a class/group name"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.classGroupId?.message}
                known={lesson?.assignedId.class_groupId ? { value: lesson.assignedId.class_groupId._id, label: lesson.assignedId.class_groupId.name } : null}
                queryKey={pickerKey('class')}
                search={searchClasses}
              />
            )}
          />
        ) : (
          <PeopleMultiSelectField
            control={form.control}
            name="studentIds"
            label="Students"
            required
            placeholder="Type a student's name"
            error={errors.studentIds?.message}
            known={lesson?.studentAttendance.map((a) => ({ value: a.studId._id, label: fullName(a.studId) }))}
            queryKey={pickerKey('student')}
            search={searchStudents}
          />
        )}
        <RoomField form={form} />
        <LessonTimeFields form={form} />
        {!editing && <RepeatFields control={form.control} errors={errors} repeat={repeat} ends={ends} />}
        <Textarea label="Notes" rows={3} error={errors.notes?.message} {...form.register('notes')} />
        {clash && (
          <ClashAlert
            clash={clash}
            pending={pending}
            onBookAnyway={() => send(clash.values, clash.scope, true)}
          />
        )}
        {askScope ? (
          <ScopeQuestion
            question="Change only this lesson or this and all following lessons?"
            pending={pending}
            onBack={() => setAskScope(null)}
            backLabel="Back"
            onChoose={(scope) => {
              const values = askScope;
              setAskScope(null);
              send(values, scope);
            }}
          />
        ) : (
          <FormActions onCancel={onCancel} pending={pending} submitLabel={editing ? 'Save changes' : 'Add Lesson'} />
        )}
      </Stack>
    </form>
  );
}
