/** "Jan 4, 2026" for a calendar date ('YYYY-MM-DD'), whatever the browser's zone. */
export function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** A moment as the school's clock shows it: "Jan 4, 2026, 4:00 PM". */
export function formatMoment(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
}
