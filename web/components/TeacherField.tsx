import { Text } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import type { PersonOption } from './PeopleMultiSelect';
import { PersonSelectField } from './PersonSelectField';
import type { PersonSelectProps } from './PersonSelect';

type Props<T extends FieldValues, Out> = {
  control: Control<T, unknown, Out>;
  /**
   * Set when the user teaches only their own lessons (a private teacher's studio, a teacher):
   * the form then names the teacher instead of asking, with the note after the name.
   */
  own: { name: string; note?: string } | null;
  error: string | undefined;
  /** The chosen teacher's name before any search (a record being edited). */
  known: PersonOption | null;
  queryKey: readonly unknown[];
  search: PersonSelectProps['search'];
};

/** A form's teacher (the field teacherId): named when it can only be the user, otherwise picked by typing a name. */
export function TeacherField<T extends FieldValues & { teacherId: string }, Out = T>({ control, own, error, known, queryKey, search }: Props<T, Out>) {
  if (own) {
    return (
      <Text size="sm">
        Teacher: <strong>{own.name}</strong>
        {own.note && ` ${own.note}`}
      </Text>
    );
  }
  return (
    <PersonSelectField
      control={control}
      name={'teacherId' as Path<T>}
      label="Teacher"
      required
      placeholder="Type a teacher's name"
      error={error}
      known={known}
      queryKey={queryKey}
      search={search}
    />
  );
}
