import { ChordType, Interval, ScaleType } from 'tonal';

/**
 * The ear trainer's music theory (issue 17), all of it read from tonal: which names an exercise
 * item may carry, what an answer button says, and which pitches a question plays. The server
 * validates a set's items with these and builds questions from them; the superadmin's form offers
 * the catalogue.
 */
export const EXERCISE_KINDS = ['interval', 'chord', 'scale'] as const;
export type ExerciseKind = (typeof EXERCISE_KINDS)[number];
export const KIND_LABELS: Record<ExerciseKind, string> = { interval: 'Intervals', chord: 'Chords', scale: 'Scales and modes' };

export const INTERVAL_PLAYS = ['ascending', 'descending', 'harmonic'] as const;
export type IntervalPlay = (typeof INTERVAL_PLAYS)[number];
export const PLAY_LABELS: Record<IntervalPlay, string> = { ascending: 'Ascending', descending: 'Descending', harmonic: 'Harmonic' };

export const INVERSION_LABELS = ['Root position', 'First inversion', 'Second inversion', 'Third inversion'] as const;

export type ExerciseItem =
  | { kind: 'interval'; name: string; play: IntervalPlay }
  | { kind: 'chord'; name: string; inversion: number }
  | { kind: 'scale'; name: string };

/** What the superadmin's form offers (tonal knows more; these are what ear training uses). */
export const CATALOGUE = {
  interval: ['2m', '2M', '3m', '3M', '4P', '4A', '5P', '6m', '6M', '7m', '7M', '8P'],
  chord: ['M', 'm', 'dim', 'aug', 'sus4', 'maj7', '7', 'm7', 'm7b5', 'dim7', 'mMaj7'],
  scale: ['major', 'minor', 'harmonic minor', 'melodic minor', 'dorian', 'phrygian', 'lydian', 'mixolydian', 'locrian', 'major pentatonic', 'minor pentatonic', 'blues', 'chromatic'],
} as const satisfies Record<ExerciseKind, readonly string[]>;

/** Intervals up to two octaves: wider ones are not heard as intervals any more. */
const MAX_INTERVAL_SEMITONES = 24;

const QUALITY: Record<string, string> = { P: 'Perfect', M: 'Major', m: 'Minor', A: 'Augmented', d: 'Diminished' };
const NUMBERS = ['', 'unison', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'octave', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth'];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Is this a name tonal knows for its kind (and an inversion the chord has)? */
export function isKnownItem(item: ExerciseItem): boolean {
  switch (item.kind) {
    case 'interval': {
      const i = Interval.get(item.name);
      return !i.empty && i.dir !== -1 && i.semitones > 0 && i.semitones <= MAX_INTERVAL_SEMITONES && NUMBERS[i.num] !== undefined && i.name === item.name;
    }
    case 'chord': {
      const c = ChordType.get(item.name);
      return !c.empty && c.aliases.includes(item.name) && Number.isInteger(item.inversion) && item.inversion >= 0 && item.inversion < c.intervals.length;
    }
    case 'scale': {
      const s = ScaleType.get(item.name);
      return !s.empty;
    }
  }
}

/** The answer a question of this item expects: the same for every way the item is played. */
export function answerKeyOf(item: ExerciseItem): string {
  if (item.kind === 'chord') return `chord:${item.name}:${item.inversion}`;
  return `${item.kind}:${item.name}`;
}

/** One item, one schedule: an ascending fifth and a descending one are learnt apart. */
export function itemKeyOf(item: ExerciseItem): string {
  return item.kind === 'interval' ? `interval:${item.name}:${item.play}` : answerKeyOf(item);
}

export function intervalLabel(name: string): string {
  const i = Interval.get(name);
  if (i.empty) return name;
  if (i.num === 4 && i.q === 'A') return 'Tritone';
  return `${QUALITY[i.q] ?? i.q} ${NUMBERS[i.num] ?? `${i.num}th`}`;
}

export function chordLabel(name: string): string {
  const c = ChordType.get(name);
  if (c.empty) return name;
  const base = capitalize(c.name) + (c.intervals.length === 3 && !c.name.includes('suspended') ? ' triad' : '');
  return base;
}

export function scaleLabel(name: string): string {
  const s = ScaleType.get(name);
  return s.empty ? name : capitalize(name);
}

/** The answer button's words: "Perfect fifth", "Minor seventh", "Major triad, first inversion", "Dorian". */
export function answerLabelOf(item: ExerciseItem): string {
  switch (item.kind) {
    case 'interval':
      return intervalLabel(item.name);
    case 'chord':
      return item.inversion === 0 ? chordLabel(item.name) : `${chordLabel(item.name)}, ${INVERSION_LABELS[item.inversion]!.toLowerCase()}`;
    case 'scale':
      return scaleLabel(item.name);
  }
}

/** The item as the superadmin and the stats read it: the answer, and for an interval how it is played. */
export function itemLabelOf(item: ExerciseItem): string {
  return item.kind === 'interval' ? `${intervalLabel(item.name)} (${item.play})` : answerLabelOf(item);
}

/** What the student is asked: the kind of sound, never its answer. */
export function promptOf(item: ExerciseItem): string {
  switch (item.kind) {
    case 'interval':
      return `${PLAY_LABELS[item.play]} interval`;
    case 'chord':
      return 'Chord';
    case 'scale':
      return 'Scale or mode';
  }
}

export type Playback = { notes: number[]; harmonic: boolean };

/** The MIDI pitches of the item from a root note: melodic notes one after another, harmonic at once. */
export function playbackOf(item: ExerciseItem, root: number): Playback {
  switch (item.kind) {
    case 'interval': {
      const top = root + Interval.get(item.name).semitones;
      if (item.play === 'descending') return { notes: [top, root], harmonic: false };
      return { notes: [root, top], harmonic: item.play === 'harmonic' };
    }
    case 'chord': {
      const steps = ChordType.get(item.name).intervals.map((i) => Interval.get(i).semitones);
      // An inversion lifts the lowest notes an octave: the first inversion has the third at the bottom.
      const voiced = steps.map((s, index) => root + s + (index < item.inversion ? 12 : 0)).sort((a, b) => a - b);
      return { notes: voiced, harmonic: true };
    }
    case 'scale': {
      const steps = ScaleType.get(item.name).intervals.map((i) => Interval.get(i).semitones);
      return { notes: [...steps.map((s) => root + s), root + 12], harmonic: false };
    }
  }
}
