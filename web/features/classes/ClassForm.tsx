import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { CLASS_MESSAGES, classForm, classUpdateBody, type ClassDetails, type ClassFormValues, type ClassUpdateValues } from '../../../shared/contracts/classes';
import { FormActions, FormFailure } from '../../components/FormParts';
import { PeopleMultiSelectField } from '../../components/PeopleMultiSelectField';
import { TeacherField } from '../../components/TeacherField';
import { useAddOrUpdate } from '../../lib/useAddOrUpdate';
import { fullName } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useRequiredSession } from '../../lib/useSession';
import { searchPeople } from '../../components/peopleSearch';
import { classPeopleKey, useAddClass, useUpdateClass } from './api';

type FormInput = { id?: string; name: string; teacherId: string; studentIds: string[] };
type FormOutput = ClassFormValues | ClassUpdateValues;

const FIELDS = ['name', 'teacherId', 'studentIds'] as const;

export type ClassFormProps = { group?: ClassDetails; onDone: () => void; onCancel: () => void };

const searchStudents = (text: string) => searchPeople('student', text);
const searchTeachers = (text: string) => searchPeople('teacher', text);

/**
 * Add or edit a class/group: its name, its teacher and its students. An admin who is a private
 * teacher is the teacher of every group of their school, so they pick no teacher.
 */
export function ClassForm({ group, onDone, onCancel }: ClassFormProps) {
  const { user } = useRequiredSession();
  const ownTeacher = user.permissions.privateTeacher;
  const editing = group !== undefined;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: (editing ? zodResolver(classUpdateBody) : zodResolver(classForm)) as unknown as Resolver<FormInput, unknown, FormOutput>,
    defaultValues: {
      ...(group ? { id: group._id } : {}),
      name: group?.name ?? '',
      teacherId: ownTeacher ? user._id : (group?.teacher?._id ?? ''),
      studentIds: group?.students.map((s) => s._id) ?? [],
    },
  });
  const { errors } = form.formState;
  const add = useAddClass();
  const update = useUpdateClass();
  const { submit, failure, pending } = useAddOrUpdate(add, update, {
    setError: form.setError,
    fields: FIELDS,
    onSaved: (result) => {
      notifySuccess(result.message || (editing ? CLASS_MESSAGES.updated : CLASS_MESSAGES.added));
      onDone();
    },
  });
  const save = form.handleSubmit(submit);

  return (
    <form noValidate onSubmit={save} aria-label={editing ? 'Edit class/group' : 'Add class/group'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Name" required data-autofocus error={errors.name?.message} {...form.register('name')} />
        <TeacherField
          control={form.control}
          own={ownTeacher ? { name: fullName(user), note: '(you teach every class/group of your studio)' } : null}
          error={errors.teacherId?.message}
          known={group?.teacher ? { value: group.teacher._id, label: fullName(group.teacher) } : null}
          queryKey={classPeopleKey('teacher')}
          search={searchTeachers}
        />
        <PeopleMultiSelectField
          control={form.control}
          name="studentIds"
          label="Students"
          placeholder="Type a student's name"
          error={errors.studentIds?.message}
          known={group?.students.map((s) => ({ value: s._id, label: fullName(s) }))}
          queryKey={classPeopleKey('student')}
          search={searchStudents}
        />
        <Text size="xs" c="dimmed">
          Students and teachers are added on their own screens:{' '}
          <Anchor component={Link} to="/member/students" size="xs" underline="always">
            Students
          </Anchor>
          {!ownTeacher && (
            <>
              ,{' '}
              <Anchor component={Link} to="/member/teachers" size="xs" underline="always">
                Teachers
              </Anchor>
            </>
          )}
          .
        </Text>
        <FormActions onCancel={onCancel} pending={pending} submitLabel={editing ? 'Save changes' : 'Add Class/Group'} />
      </Stack>
    </form>
  );
}
