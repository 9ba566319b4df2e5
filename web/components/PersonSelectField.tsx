import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { PersonSelect, type PersonSelectProps } from './PersonSelect';

type Props<T extends FieldValues, Out> = Omit<PersonSelectProps, 'value' | 'onChange' | 'onBlur'> & { control: Control<T, unknown, Out>; name: Path<T> };

/** A PersonSelect bound to a form field that holds an id ('' when nobody is chosen). */
export function PersonSelectField<T extends FieldValues, Out = T>({ control, name, ...select }: Props<T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PersonSelect {...select} value={field.value || null} onChange={(value) => field.onChange(value ?? '')} onBlur={field.onBlur} />
      )}
    />
  );
}
