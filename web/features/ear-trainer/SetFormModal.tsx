import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LEVELS, type Level } from '../../../shared/constants';
import { EAR_TRAINER_MESSAGES as M, setBody, type ExerciseSet } from '../../../shared/contracts/ear-trainer';
import {
  CATALOGUE, EXERCISE_KINDS, INTERVAL_PLAYS, INVERSION_LABELS, KIND_LABELS, PLAY_LABELS, chordLabel, intervalLabel, isKnownItem, itemLabelOf, scaleLabel,
  type ExerciseItem, type ExerciseKind, type IntervalPlay,
} from '../../../shared/ear-trainer-theory';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { capitalize } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useFormMessages } from '../../lib/useFormMessages';
import { useAddSet, useUpdateSet } from './api';

export const LEVEL_OPTIONS = LEVELS.map((l) => ({ value: l, label: capitalize(l) }));
const NAME_LABEL: Record<ExerciseKind, (name: string) => string> = { interval: intervalLabel, chord: chordLabel, scale: scaleLabel };
const sameItem = (a: ExerciseItem, b: ExerciseItem) => JSON.stringify(a) === JSON.stringify(b);

/** The row that adds one item: kind, name from tonal's catalogue, and how an interval plays or which inversion a chord takes. */
function ItemPicker({ onAdd }: { onAdd: (item: ExerciseItem) => void }) {
  const [kind, setKind] = useState<ExerciseKind>('interval');
  const [name, setName] = useState<string | null>(CATALOGUE.interval[0]);
  const [play, setPlay] = useState<IntervalPlay>('ascending');
  const [inversion, setInversion] = useState('0');
  const item: ExerciseItem | null = name === null ? null
    : kind === 'interval' ? { kind, name, play } : kind === 'chord' ? { kind, name, inversion: Number(inversion) } : { kind, name };
  const valid = item !== null && isKnownItem(item);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Kind" w={160} allowDeselect={false} value={kind} data={EXERCISE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          onChange={(v) => { const k = (v ?? 'interval') as ExerciseKind; setKind(k); setName(CATALOGUE[k][0]); setInversion('0'); }} />
        <Select label="Item" w={200} allowDeselect={false} searchable value={name} data={CATALOGUE[kind].map((n) => ({ value: n, label: NAME_LABEL[kind](n) }))} onChange={setName} />
        {kind === 'interval' && (
          <Select label="Played" w={150} allowDeselect={false} value={play} data={INTERVAL_PLAYS.map((p) => ({ value: p, label: PLAY_LABELS[p] }))}
            onChange={(v) => setPlay((v ?? 'ascending') as IntervalPlay)} />
        )}
        {kind === 'chord' && (
          <Select label="Inversion" w={170} allowDeselect={false} value={inversion} data={INVERSION_LABELS.map((l, i) => ({ value: String(i), label: l }))} onChange={(v) => setInversion(v ?? '0')} />
        )}
        <Button variant="light" leftSection={<IconPlus size={16} />} disabled={!valid} onClick={() => item && onAdd(item)}>Add item</Button>
      </Group>
      {item && !valid && <Text size="xs" c="red.8" mt={4}>This chord has no such inversion.</Text>}
    </Paper>
  );
}

type Errors = { name?: string; level?: string; items?: string };

function SetForm({ set, onDone }: { set?: ExerciseSet; onDone: () => void }) {
  const [name, setName] = useState(set?.name ?? '');
  const [level, setLevel] = useState<Level | null>(set?.level ?? null);
  const [items, setItems] = useState<ExerciseItem[]>(() => (set?.items ?? []).map(({ label: _label, ...item }) => item as ExerciseItem));
  const { errors, setErrors, failure, check, refused } = useFormMessages<keyof Errors>();
  const add = useAddSet();
  const update = useUpdateSet();

  const addItem = (item: ExerciseItem) => {
    if (items.some((i) => sameItem(i, item))) return setErrors((e) => ({ ...e, items: M.duplicateItem }));
    setErrors((e) => ({ ...e, items: undefined }));
    setItems((all) => [...all, item]);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = check(setBody, { name, level, items });
    if (!checked) return;
    const options = {
      onSuccess: (r: { message: string }) => { notifySuccess(r.message); onDone(); },
      onError: refused,
    };
    if (set) update.mutate({ ...checked, id: set._id }, options);
    else add.mutate(checked, options);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={set ? 'Edit exercise set' : 'Add exercise set'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Name" required value={name} error={errors.name} data-autofocus miw={220} onChange={(e) => setName(e.currentTarget.value)} />
          <Select label="Level" required value={level} error={errors.level} data={LEVEL_OPTIONS} miw={160} onChange={(v) => setLevel(v as Level | null)} />
        </Group>
        <Stack gap={6}>
          <Text fw={500} size="sm" id="set-items-label">Items ({items.length})</Text>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed">No items yet: add intervals, chords or scales below.</Text>
          ) : (
            <Stack gap={4} component="ul" aria-labelledby="set-items-label" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {items.map((item, i) => (
                <Group key={JSON.stringify(item)} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">{KIND_LABELS[item.kind].replace(/s( and modes)?$/, '')}: {itemLabelOf(item)}</Text>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${itemLabelOf(item)}`} onClick={() => setItems((all) => all.filter((_, j) => j !== i))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          {errors.items && <Text size="sm" c="red.8" role="alert">{errors.items}</Text>}
        </Stack>
        <ItemPicker onAdd={addItem} />
        <FormActions onCancel={onDone} pending={add.isPending || update.isPending} submitLabel={set ? 'Save set' : 'Add set'} />
      </Stack>
    </form>
  );
}

export type SetEditing = { mode: 'add' } | { mode: 'edit'; set: ExerciseSet } | null;

export function SetFormModal({ editing, onClose }: { editing: SetEditing; onClose: () => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Edit exercise set' : 'Add exercise set'} size="xl">
      {editing && <SetForm set={editing.mode === 'edit' ? editing.set : undefined} onDone={onClose} />}
    </AppModal>
  );
}
