/**
 * The day and week grids scroll in a region of the page (CalendarPage), not in FullCalendar's own
 * scroller: FullCalendar's sits inside its ARIA grid, where a focusable, labelled element is not
 * allowed, and a keyboard user must be able to reach the hours to scroll them (axe:
 * scrollable-region-focusable). So the grid's own scrollToTime has nothing to scroll; this does it.
 */
export function scrollToHour(area: HTMLElement | null, time: string) {
  if (!area) return;
  const slot = area.querySelector<HTMLElement>(`.fc-timegrid-slot-lane[data-time="${time}"]`);
  if (!slot) {
    area.scrollTop = 0;
    return;
  }
  // The day headers stick to the top of the region: the hour goes just below them.
  const header = area.querySelector<HTMLElement>('.fc-col-header')?.offsetHeight ?? 0;
  area.scrollTop += slot.getBoundingClientRect().top - area.getBoundingClientRect().top - header;
}

/** '09:00:00' for the hour before the earliest start among ISO times carrying the school's offset. */
export function hourBefore(starts: readonly string[]): string | null {
  const first = starts.map((s) => s.slice(11, 13)).sort()[0];
  return first ? `${String(Math.max(0, Number(first) - 1)).padStart(2, '0')}:00:00` : null;
}
