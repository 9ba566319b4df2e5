/** Every month of a date range ('YYYY-MM-DD' to 'YYYY-MM-DD') as 'YYYY-MM', so a report's chart shows a quiet month as a gap. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}
