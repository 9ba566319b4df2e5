/** "Mon, Mar 10, 2027" for a calendar date, without moving it across zones. */
export function dueDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const songs = (n: number) => (n === 1 ? '1 song' : `${n} songs`);
