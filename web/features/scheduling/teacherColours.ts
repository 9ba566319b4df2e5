import type { CalendarClosure, ScheduleEvent } from '../../../shared/contracts/scheduling';
import { fullName } from '../../lib/format';

/**
 * One colour per teacher, each dark enough for white 12 px text (WCAG AA 4.5:1). A teacher keeps
 * their colour while the app is open: the first teacher seen gets the first colour, and so on.
 */
export const TEACHER_COLOURS = ['blue-8', 'teal-9', 'grape-8', 'red-9', 'indigo-9', 'cyan-9', 'pink-9', 'violet-9'] as const;
const given = new Map<string, number>();

export function teacherColour(teacherId: string): string {
  let index = given.get(teacherId);
  if (index === undefined) {
    index = given.size % TEACHER_COLOURS.length;
    given.set(teacherId, index);
  }
  return `var(--mantine-color-${TEACHER_COLOURS[index]})`;
}

export type LegendEntry = { teacherId: string; name: string; colour: string };

/** The teachers of the lessons shown, by name, with their colours (only those the answer names). */
export function teacherLegend(events: readonly ScheduleEvent[]): LegendEntry[] {
  const seen = new Map<string, LegendEntry>();
  for (const e of events) {
    if (!e.teacher || seen.has(e.teacherId)) continue;
    seen.set(e.teacherId, { teacherId: e.teacherId, name: fullName(e.teacher), colour: teacherColour(e.teacherId) });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The school's days closed ('YYYY-MM-DD') in a window, each with the closure's name. */
export function closedDays(closures: readonly CalendarClosure[]): Map<string, string> {
  const days = new Map<string, string>();
  for (const c of closures) {
    for (let d = c.startsOn; d <= c.endsOn; d = nextDay(d)) if (!days.has(d)) days.set(d, c.name);
  }
  return days;
}

export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
