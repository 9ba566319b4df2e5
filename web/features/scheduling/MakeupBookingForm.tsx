import { Select, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { SCHEDULING_MESSAGES, bookMakeupBody, type BookMakeupInput, type CreditItem } from '../../../shared/contracts/scheduling';
import { FormActions, FormFailure } from '../../components/FormParts';
import { TeacherField } from '../../components/TeacherField';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { applyFieldErrors } from '../../lib/forms';
import { scrollToFirstError } from '../../lib/scrollToError';
import { notifySuccess } from '../../lib/notify';
import { useRequiredSession } from '../../lib/useSession';
import { searchPeople } from '../../components/peopleSearch';
import { pickerKey, useAvailableCredits, useBookMakeup, useLessonTypes } from './calendarApi';
import { ClashAlert, type ClashState } from './ClashAlert';
import { isClash, isRoomOnlyClash } from './clash';
import { formatDay } from './lessonFormat';
import { LessonTimeFields, LessonTypeField, RoomField } from './LessonFields';
import { isOffice, teachesOwnOnly } from './schedulingRoles';

type Shape = {
  creditId: string;
  teacherId: string;
  lessonTypeId: string;
  roomId: string | null;
  date: string;
  startTime: string;
  durationMinutes: string | number;
};

const FIELDS = ['creditId', 'teacherId', 'lessonTypeId', 'roomId', 'date', 'startTime', 'durationMinutes'] as const;
const searchTeachers = (text: string) => searchPeople('teacher', text);

export function creditLabel(credit: CreditItem): string {
  return `${fullName(credit.student)}: ${credit.lesson.lesson_type} on ${formatDay(credit.lesson.start)} (until ${formatDay(credit.bankedExpDate)})`;
}

type Props = {
  /** Opened from a banked lesson: its credit is chosen first. */
  fromLessonId?: string;
  /** The banked lesson's room and length: the make-up starts like it (its teacher and student come with the credit). */
  from?: { roomId: string | null; durationMinutes: number };
  start: { date: string; startTime: string; durationMinutes?: number };
  onDone: () => void;
  onCancel: () => void;
};

/** Book a make-up lesson from an available credit: the credit is used once, by the server. */
export function MakeupBookingForm({ fromLessonId, from, start, onDone, onCancel }: Props) {
  const { user } = useRequiredSession();
  const ownTeacher = teachesOwnOnly(user);
  const credits = useAvailableCredits(true);
  const types = useLessonTypes();
  const book = useBookMakeup();
  const form = useForm<Shape, unknown, BookMakeupInput>({
    resolver: zodResolver(bookMakeupBody) as unknown as Resolver<Shape, unknown, BookMakeupInput>,
    defaultValues: { creditId: '', teacherId: ownTeacher ? user._id : '', lessonTypeId: '', roomId: from?.roomId ?? null, date: start.date, startTime: start.startTime, durationMinutes: from?.durationMinutes ?? start.durationMinutes ?? '' },
  });
  const { errors } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [clash, setClash] = useState<ClashState<BookMakeupInput> | null>(null);
  const [teacherKnown, setTeacherKnown] = useState<{ value: string; label: string } | null>(null);

  const chooseCredit = (id: string | null) => {
    form.setValue('creditId', id ?? '', { shouldValidate: form.formState.isSubmitted });
    const credit = credits.data?.find((c) => c._id === id);
    const teacher = credit?.lesson.teacher;
    if (teacher && !ownTeacher && !form.getValues('teacherId')) {
      setTeacherKnown({ value: teacher._id, label: fullName(teacher) });
      form.setValue('teacherId', teacher._id);
    }
    const type = types.data?.find((t) => t.name === credit?.lesson.lesson_type);
    if (type && !form.getValues('lessonTypeId')) {
      form.setValue('lessonTypeId', type._id);
      if (!from) form.setValue('durationMinutes', type.durationMinutes, { shouldValidate: form.formState.isSubmitted });
    }
  };

  // Opened from a banked lesson: choose its credit once the credits and lesson types are in.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !fromLessonId || !credits.data || !types.data) return;
    preselected.current = true;
    const credit = credits.data.find((c) => c.lesson._id === fromLessonId);
    if (credit) chooseCredit(credit._id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when both lists are in
  }, [credits.data, types.data, fromLessonId]);

  const send = (values: BookMakeupInput, allowRoomConflict = false) => {
    setFailure(null);
    setClash(null);
    book.mutate({ ...values, allowRoomConflict }, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.makeupBooked);
        onDone();
      },
      onError: (error) => {
        if (isClash(error)) setClash({ message: errorMessage(error), roomOnly: isOffice(user) && isRoomOnlyClash(error), values });
        else if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error));
        scrollToFirstError(formRef.current);
      },
    });
  };
  const save = form.handleSubmit((values) => send(values), () => scrollToFirstError(formRef.current));

  return (
    <form ref={formRef} noValidate onSubmit={save} aria-label="Book make-up lesson">
      <Stack gap="md">
        <FormFailure message={failure} title="Could not book" />
        <Controller
          control={form.control}
          name="creditId"
          render={({ field }) => (
            <Select
              label="Make-up credit"
              required
              searchable
              placeholder={credits.isPending ? 'Loading credits…' : credits.isError ? 'Could not load the credits' : 'Choose a credit'}
              data={(credits.data ?? []).map((c) => ({ value: c._id, label: creditLabel(c) }))}
              value={field.value || null}
              onChange={chooseCredit}
              error={errors.creditId?.message}
              nothingFoundMessage="No available credits"
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        {credits.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No student holds an available make-up credit.
          </Text>
        )}
        <TeacherField
          control={form.control}
          own={ownTeacher ? { name: `${fullName(user)} (you)` } : null}
          error={errors.teacherId?.message}
          known={teacherKnown}
          queryKey={pickerKey('teacher')}
          search={searchTeachers}
        />
        <LessonTypeField form={form} />
        <RoomField form={form} />
        <LessonTimeFields form={form} />
        {clash && <ClashAlert clash={clash} pending={book.isPending} onBookAnyway={() => send(clash.values, true)} />}
        <FormActions onCancel={onCancel} pending={book.isPending} submitLabel="Book make-up" />
      </Stack>
    </form>
  );
}
