import { Group, Text } from '@mantine/core';
import type { LegendEntry } from './teacherColours';
import classes from './calendar.module.css';

/** What the colours mean: each teacher's colour, and the closed days' shade when the window has any. */
export function CalendarLegend({ teachers, hasClosures }: { teachers: readonly LegendEntry[]; hasClosures: boolean }) {
  if (teachers.length === 0 && !hasClosures) return null;
  return (
    <Group gap="md" wrap="wrap" className={classes.legend} role="list" aria-label="Calendar legend">
      {teachers.map((t) => (
        <Group key={t.teacherId} gap={6} wrap="nowrap" role="listitem">
          <span className={classes.swatch} style={{ background: t.colour }} aria-hidden />
          <Text size="sm">{t.name}</Text>
        </Group>
      ))}
      {hasClosures && (
        <Group gap={6} wrap="nowrap" role="listitem">
          <span className={classes.swatch} style={{ background: 'var(--mantine-color-orange-2)', border: '1px solid var(--mantine-color-orange-6)' }} aria-hidden />
          <Text size="sm">School closed</Text>
        </Group>
      )}
    </Group>
  );
}
