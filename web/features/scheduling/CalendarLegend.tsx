import { Badge, Group, Text } from '@mantine/core';
import type { CalendarClosure } from '../../../shared/contracts/scheduling';
import { formatDay } from './lessonFormat';
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
          <span className={classes.swatch} style={{ background: 'var(--mantine-color-orange-1)', border: '1px solid var(--mantine-color-orange-6)' }} aria-hidden />
          <Text size="sm">School closed</Text>
        </Group>
      )}
    </Group>
  );
}

/** The window's closures, named with their days, above the calendar (the grid shades those days too). */
export function ClosureNotes({ closures }: { closures: readonly CalendarClosure[] }) {
  if (closures.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label="School closed" role="group">
      {closures.map((c) => (
        <Badge key={c._id} color="orange" c="dark.7" variant="light" radius="sm" size="lg" tt="none" style={{ maxWidth: '100%', whiteSpace: 'normal', height: 'auto' }}>
          Closed: {c.name} ({c.startsOn === c.endsOn ? formatDay(c.startsOn) : `${formatDay(c.startsOn)} – ${formatDay(c.endsOn)}`})
        </Badge>
      ))}
    </Group>
  );
}
