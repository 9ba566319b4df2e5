/** A calendar date of the school ('YYYY-MM-DD') as people read it: "Mar 5, 2026" (no zone shift). */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return DATE_FORMAT.format(new Date(Date.UTC(y, m - 1, d)));
}

// Made once: toLocaleDateString with options makes a formatter at every call.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
