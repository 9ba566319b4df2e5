import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { PeopleMultiSelect } from './PeopleMultiSelect';

type Props<T extends FieldValues, Out> = Omit<Parameters<typeof PeopleMultiSelect>[0], 'value' | 'onChange' | 'onBlur'> & {
  control: Control<T, unknown, Out>;
  name: Path<T>;
};

/** A PeopleMultiSelect bound to a form field that holds a list of ids. */
export function PeopleMultiSelectField<T extends FieldValues, Out = T>({ control, name, ...select }: Props<T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <PeopleMultiSelect {...select} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
    />
  );
}
