/**
 * A lesson's start is ISO 8601 with the school's offset: its date and time as written are the
 * school's wall clock, whatever the reader's zone.
 */
export function wallClock(iso: string): { date: string; time: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!match) return { date: iso, time: '' };
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return {
    date: at.toLocaleDateString(undefined, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }),
    time: at.toLocaleTimeString(undefined, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }),
  };
}
