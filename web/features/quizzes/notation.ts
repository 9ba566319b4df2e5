import { NOTE_PATTERN } from '../../../shared/contracts/quizzes';

/**
 * The notes field of the question form: positions separated by spaces, the notes of a chord joined
 * by "+" ("C4 E4 G4" are three notes, "C4+E4+G4" one chord).
 */
export function parseNotes(text: string): string[][] {
  return text.trim().split(/\s+/).filter(Boolean).map((group) => group.split('+').filter(Boolean));
}

export function formatNotes(groups: string[][]): string {
  return groups.map((g) => g.join('+')).join(' ');
}

export const notesValid = (groups: string[][]) => groups.length > 0 && groups.every((g) => g.length > 0 && g.every((n) => NOTE_PATTERN.test(n)));

/** "F#4" → VexFlow's "f#/4". */
export function vexKey(note: string): string {
  const m = /^([A-Ga-g])(#|b|##|bb)?(\d)$/.exec(note);
  if (!m) return 'b/4';
  return `${m[1]!.toLowerCase()}${m[2] ?? ''}/${m[3]}`;
}

const DURATION_BEATS: Record<string, number> = { w: 4, h: 2, q: 1, '8': 0.5 };
export const beatsOf = (duration: string) => DURATION_BEATS[duration] ?? 1;
