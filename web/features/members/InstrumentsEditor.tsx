import { ActionIcon, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LEVELS, type Level } from '../../../shared/constants';
import { instrumentInput, type Genre, type InstrumentInput } from '../../../shared/contracts/members';
import { AppModal } from '../../components/AppModal';
import { capitalize } from '../../lib/format';

export const LEVEL_OPTIONS = LEVELS.map((level) => ({ value: level, label: capitalize(level) }));

type ModalProps = {
  opened: boolean;
  genres: Genre[];
  /** Already on the list: not offered again. */
  taken: string[];
  onAdd: (entry: InstrumentInput) => void;
  onClose: () => void;
};

/** docs/domains/members.md "Rules"'s add instrument/genre modal: both fields required, the level one of three. */
export function AddInstrumentModal({ opened, genres, taken, onAdd, onClose }: ModalProps) {
  const [genreId, setGenreId] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ genreId?: string; level?: string }>({});

  const close = () => {
    setGenreId(null);
    setLevel(null);
    setErrors({});
    onClose();
  };

  const add = () => {
    const result = instrumentInput.safeParse({ genreId: genreId ?? undefined, level: level ?? undefined });
    if (!result.success) {
      const next: { genreId?: string; level?: string } = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if ((field === 'genreId' || field === 'level') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    onAdd(result.data);
    close();
  };

  const options = genres.filter((g) => !taken.includes(g._id)).map((g) => ({ value: g._id, label: g.name }));
  return (
    <AppModal opened={opened} onClose={close} title="Add Instrument/Genre">
      <Stack gap="md">
        <Select
          label="Instrument/Genre"
          required
          searchable
          data={options}
          value={genreId}
          onChange={(value) => {
            setGenreId(value);
            setErrors((e) => ({ ...e, genreId: undefined }));
          }}
          error={errors.genreId}
          nothingFoundMessage="No instrument/genre left to add"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Level"
          required
          data={LEVEL_OPTIONS}
          value={level}
          onChange={(value) => {
            setLevel(value);
            setErrors((e) => ({ ...e, level: undefined }));
          }}
          error={errors.level}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={add}>Add</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

type EditorProps = {
  value: InstrumentInput[];
  onChange: (value: InstrumentInput[]) => void;
  genres: Genre[];
  /** Names of entries that may not be in `genres` yet (e.g. from the loaded profile). */
  knownNames?: Record<string, string>;
  error?: string;
};

/** A student's instruments: added through the modal, removable, the level changeable in the list. */
export function InstrumentsEditor({ value, onChange, genres, knownNames = {}, error }: EditorProps) {
  const [adding, setAdding] = useState(false);
  const nameOf = (id: string) => genres.find((g) => g._id === id)?.name ?? knownNames[id] ?? 'Instrument';
  return (
    <Stack gap="xs" role="group" aria-label="Instruments/Genres">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Instruments/Genres
        </Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
          Add Instrument/Genre
        </Button>
      </Group>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No instrument/genre added yet.
        </Text>
      ) : (
        value.map((entry, index) => {
          const name = nameOf(entry.genreId);
          return (
            <Group key={entry.genreId} gap="sm" wrap="nowrap">
              <Text size="sm" style={{ flex: 1 }}>
                {name}
              </Text>
              <Select
                aria-label={`Level of ${name}`}
                data={LEVEL_OPTIONS}
                value={entry.level}
                allowDeselect={false}
                onChange={(level) => {
                  if (!level) return;
                  onChange(value.map((e, i) => (i === index ? { ...e, level: level as Level } : e)));
                }}
                w={160}
              />
              <Tooltip label="Remove">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <AddInstrumentModal
        opened={adding}
        genres={genres}
        taken={value.map((e) => e.genreId)}
        onAdd={(entry) => onChange([...value, entry])}
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}
