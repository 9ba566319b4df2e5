import { Group, Radio, Select, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { REPEAT_LABELS, REPEATS, type Repeat } from '../../../shared/contracts/scheduling';

export type Ends = 'never' | 'until' | 'count';
/** The repeat part of the lesson form's inputs. */
export type RepeatShape = { repeat?: Repeat; ends?: Ends; untilDate?: string | null; count?: string | number | null };

const emptyToNull = (value: string) => (value === '' ? null : value);

type Props<S extends RepeatShape> = {
  control: Control<S>;
  errors: FieldErrors<RepeatShape>;
  repeat: Repeat | undefined;
  ends: Ends | undefined;
};

/** How a new lesson repeats (REPEAT_LABELS) and when the series ends: never, on a date, or after N lessons. */
export function RepeatFields<S extends RepeatShape>({ control: typed, errors, repeat = 'none', ends = 'never' }: Props<S>) {
  // The fields below are all of RepeatShape; react-hook-form cannot see that through S.
  const control = typed as unknown as Control<RepeatShape>;
  return (
    <>
      <Controller
        control={control}
        name="repeat"
        render={({ field }) => (
          <Select
            label="Repeats"
            data={REPEATS.map((r) => ({ value: r, label: REPEAT_LABELS[r] }))}
            value={field.value ?? 'none'}
            onChange={(value) => field.onChange(value ?? 'none')}
            allowDeselect={false}
            error={errors.repeat?.message}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {repeat !== 'none' && (
        <Controller
          control={control}
          name="ends"
          render={({ field }) => (
            <Radio.Group label="Ends" value={field.value ?? 'never'} onChange={field.onChange}>
              <Group gap="lg" mt={4}>
                <Radio value="never" label="Never" />
                <Radio value="until" label="On a date" />
                <Radio value="count" label="After a number of lessons" />
              </Group>
            </Radio.Group>
          )}
        />
      )}
      {repeat !== 'none' && ends === 'until' && (
        <Controller
          control={control}
          name="untilDate"
          render={({ field }) => (
            <TextInput
              type="date"
              label="End date"
              required
              value={field.value ?? ''}
              onChange={(e) => field.onChange(emptyToNull(e.currentTarget.value))}
              onBlur={field.onBlur}
              error={errors.untilDate?.message}
            />
          )}
        />
      )}
      {repeat !== 'none' && ends === 'count' && (
        <Controller
          control={control}
          name="count"
          render={({ field }) => (
            <TextInput
              type="number"
              label="Number of lessons"
              required
              min={1}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(emptyToNull(e.currentTarget.value))}
              onBlur={field.onBlur}
              error={errors.count?.message}
            />
          )}
        />
      )}
    </>
  );
}
