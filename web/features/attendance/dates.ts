/** A Date's calendar day in the reader's zone, as 'YYYY-MM-DD'. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The report's default range: the last 30 days up to today. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const from = new Date(now);
  from.setDate(from.getDate() - 30);
  return { from: localDay(from), to: localDay(now) };
}

/** A lesson's date and time on the school's clock (the report names the zone). */
export function schoolDateTime(iso: string, timeZone: string): { date: string; time: string } {
  const at = new Date(iso);
  try {
    return {
      date: at.toLocaleDateString(undefined, { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
      time: at.toLocaleTimeString(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }),
    };
  } catch {
    // An unknown zone name: the reader's clock is better than nothing.
    return { date: at.toLocaleDateString(), time: at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) };
  }
}

/** 'YYYY-MM' as a short month name and year for the chart's axis. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleDateString(undefined, { timeZone: 'UTC', month: 'short', year: 'numeric' });
}
