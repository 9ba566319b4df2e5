import { ActionIcon, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { SignupInstrument } from '../../../shared/contracts/signup-widget';
import type { Level } from '../../../shared/constants';
import { LEVEL_OPTIONS } from './levels';

type Props = {
  chosen: SignupInstrument[];
  names: Map<string, string>;
  onLevel: (genreId: string, level: Level) => void;
  onRemove: (genreId: string) => void;
};

/**
 * The instruments a visitor added, each with its level. Its own chunk, fetched with the add
 * dialog: its level Select brings Mantine's Combobox, which a visitor who adds nothing never needs
 * (decision 097).
 */
export function ChosenInstruments({ chosen, names, onLevel, onRemove }: Props) {
  return (
    <Stack gap="xs" component="ul" aria-labelledby="instruments-label" p={0} m={0} style={{ listStyle: 'none' }}>
      {chosen.map((entry) => {
        const name = names.get(entry.genreId) ?? 'Instrument';
        return (
          <Paper component="li" key={entry.genreId} withBorder radius="md" p="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500}>
                {name}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Select
                  aria-label={`Level for ${name}`}
                  data={LEVEL_OPTIONS}
                  value={entry.level}
                  onChange={(v) => v && onLevel(entry.genreId, v as Level)}
                  allowDeselect={false}
                  size="xs"
                  w={140}
                />
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onRemove(entry.genreId)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
