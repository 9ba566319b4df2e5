import { Button, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import type { SignupInstrument } from '../../../shared/contracts/signup-widget';
import { LEVELS } from '../../../shared/constants';
import { AppModal } from '../../components/AppModal';
import { instrumentValidation } from './lazyValidation';
import { LEVEL_OPTIONS } from './levels';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The genres not chosen yet. */
  options: { value: string; label: string }[];
  onAdd: (entry: { genreId: string; level: (typeof LEVELS)[number] }) => void;
};

type Errors = Partial<Record<'genreId' | 'level', string>>;

/** docs/domains/members.md "Rules": the add-instrument modal, both fields required with its documented messages. */
export function InstrumentModal({ opened, onClose, options, onAdd }: Props) {
  const [values, setValues] = useState<SignupInstrument>({ genreId: '', level: '' as SignupInstrument['level'] });
  const [errors, setErrors] = useState<Errors>({});
  const [checking, setChecking] = useState(false);

  const close = () => {
    setValues({ genreId: '', level: '' as SignupInstrument['level'] });
    setErrors({});
    onClose();
  };

  const add = async () => {
    setChecking(true);
    try {
      const result = await instrumentValidation.validate(values);
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      onAdd(result.data);
      close();
    } finally {
      setChecking(false);
    }
  };

  const change = (field: 'genreId' | 'level', value: string | null) => {
    setValues((v) => ({ ...v, [field]: value ?? '' }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <AppModal opened={opened} onClose={close} title="Add Instrument/Genre">
      <Stack gap="md" onFocus={instrumentValidation.preload}>
        <Select
          label="Instrument/Genre"
          placeholder="Choose an instrument or genre"
          data={options}
          value={values.genreId || null}
          onChange={(v) => change('genreId', v)}
          error={errors.genreId}
          searchable
          required
          nothingFoundMessage="No instrument/genre found"
        />
        <Select
          label="Level"
          placeholder="Choose a level"
          data={LEVEL_OPTIONS}
          value={values.level || null}
          onChange={(v) => change('level', v)}
          error={errors.level}
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void add()} loading={checking}>
            Add
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
