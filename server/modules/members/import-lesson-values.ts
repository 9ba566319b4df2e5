import { addDays } from '../../../shared/school-clock.js';

/**
 * A lessons file's cells as the other products write them (decision 099), read into the lesson
 * form's own shapes. A cell that cannot be read is given back as it is, so that the form's zod
 * schema names the problem in its own words.
 */

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** "Monday", "Mon", "Tues.", "Thurs", "Mondays" → 1 … 7 (ISO); null when it names no day. */
export function readWeekday(text: string): number | null {
  const word = text.trim().toLowerCase().replace(/\.$/, '').replace(/s$/, '');
  if (word.length < 3) return null;
  const index = WEEKDAY_NAMES.findIndex((d) => d.toLowerCase().startsWith(word));
  return index >= 0 ? index + 1 : null;
}

/** "16:00", "9:05", "4:00 PM", "4pm", "16:00:00" → "HH:mm". */
export function readTime(text: string): string {
  const t = text.trim();
  const twelve = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i.exec(t);
  if (twelve) {
    const hour = Number(twelve[1]);
    if (hour < 1 || hour > 12) return t;
    const h24 = (hour % 12) + (twelve[3]!.toLowerCase() === 'p' ? 12 : 0);
    return `${String(h24).padStart(2, '0')}:${twelve[2] ?? '00'}`;
  }
  const plain = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(t);
  return plain ? `${plain[1]!.padStart(2, '0')}:${plain[2]}` : t;
}

/** "2027-03-01" as it is, "3/1/2027" (the products' North American month first) → "2027-03-01"; null otherwise. */
export function readDate(text: string): string | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : null;
}

/** "30", "30 min", "45 minutes", "1:00" (hours and minutes) → minutes; the text otherwise. */
export function readMinutes(text: string): number | string {
  const t = text.trim();
  const minutes = /^(\d+)\s*(m|min|mins|minutes)?$/i.exec(t);
  if (minutes) return Number(minutes[1]);
  const hours = /^(\d+):(\d{2})$/.exec(t);
  return hours ? Number(hours[1]) * 60 + Number(hours[2]) : t;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar date, the same in every zone. */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first date on or after `date` that falls on `weekday`: a series starts on its own day. */
export function firstOnWeekday(date: string, weekday: number): string {
  return addDays(date, (weekday - weekdayOf(date) + 7) % 7);
}
