import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CalendarPage } from './calendarViews';

type Props = {
  title: string;
  /** The day shown ('YYYY-MM-DD'): the other views open on it. */
  date: string | null;
  pages: readonly CalendarPage[];
  current: CalendarPage;
  /** A phone's toolbar: the period on its own line, the buttons never squeezed. */
  compact?: boolean;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
};

/** Previous, today, next, the period shown, and links to the role's other calendar pages. */
export function CalendarToolbar({ title, date, pages, current, compact = false, onPrev, onNext, onToday }: Props) {
  const unit = current.label.toLowerCase();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs" wrap={compact ? 'wrap' : 'nowrap'} style={{ minWidth: 0 }}>
        <ActionIcon variant="default" size="lg" onClick={onPrev} aria-label={`Previous ${unit}`}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Button variant="default" onClick={onToday} style={{ flexShrink: 0 }}>
          Today
        </Button>
        <ActionIcon variant="default" size="lg" onClick={onNext} aria-label={`Next ${unit}`}>
          <IconChevronRight size={18} />
        </ActionIcon>
        <Title order={2} size={compact ? 'h5' : 'h4'} ml={compact ? 4 : 'sm'} aria-live="polite" style={{ minWidth: 0 }}>
          {title}
        </Title>
      </Group>
      {pages.length > 1 && (
        <Group gap={0} role="navigation" aria-label="Calendar views">
          {pages.map((p) => (
            <Button
              key={p.path}
              component={Link}
              to={date ? `${p.path}?date=${date}` : p.path}
              variant={p.path === current.path ? 'filled' : 'default'}
              aria-current={p.path === current.path ? 'page' : undefined}
              radius={0}
            >
              {p.label}
            </Button>
          ))}
        </Group>
      )}
    </Group>
  );
}
