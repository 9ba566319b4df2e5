/**
 * The glance's times come with the school's offset ('2026-03-09T16:00:00-05:00'); formatting
 * them in the school's zone shows its wall clock whatever the browser's zone.
 */
export function timeOf(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
}

export function dayOf(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
}

/** "Thu, Nov 26, 4:00 PM – 4:30 PM" */
export function whenOf(start: string, end: string, timeZone: string): string {
  return `${dayOf(start, timeZone)}, ${timeOf(start, timeZone)} – ${timeOf(end, timeZone)}`;
}

export function dateOf(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
}
