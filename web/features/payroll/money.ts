/** "Jun 1, 2025 – Jun 30, 2025" from the period's ISO dates. */
export function periodLabel(from: string, to: string): string {
  const f = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `${f(from)} – ${f(to)}`;
}

/** Last calendar month, the usual payroll period. */
export function lastMonth(today = new Date()): { from: string; to: string } {
  const first = new Date(Date.UTC(today.getFullYear(), today.getMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getFullYear(), today.getMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
