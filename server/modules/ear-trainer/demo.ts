import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { earTrainerGoals, earTrainerProgress, earTrainerQuestions, earTrainerSets, users } from '../../db/schema/index.js';
import { demoLogin, type DemoContext } from '../../db/seed-demo.js';
import { itemKeyOf, itemLabelOf, type ExerciseItem, type IntervalPlay } from '../../../shared/ear-trainer-theory.js';
import { NEW_ITEM, review, type Sm2State } from './sm2.js';

const intervals = (names: string[], play: IntervalPlay): ExerciseItem[] => names.map((name) => ({ kind: 'interval', name, play }));
const chords = (names: [string, number][]): ExerciseItem[] => names.map(([name, inversion]) => ({ kind: 'chord', name, inversion }));
const scales = (names: string[]): ExerciseItem[] => names.map((name) => ({ kind: 'scale', name }));

/** One set a level, the way EarMaster's courses grow: wide intervals and triads first, then sevenths, modes and inversions. */
export const DEMO_SETS: { name: string; level: 'beginner' | 'intermediate' | 'advanced'; items: ExerciseItem[] }[] = [
  {
    name: 'First intervals and triads',
    level: 'beginner',
    items: [...intervals(['3m', '3M', '4P', '5P', '8P'], 'ascending'), ...chords([['M', 0], ['m', 0]]), ...scales(['major', 'minor'])],
  },
  {
    name: 'Intervals, sevenths and modes',
    level: 'intermediate',
    items: [
      ...intervals(['2m', '2M', '3m', '3M', '4P', '4A', '5P', '6m', '6M', '7m', '7M', '8P'], 'ascending'),
      ...intervals(['3M', '5P'], 'descending'),
      ...intervals(['3m', '6M'], 'harmonic'),
      ...chords([['M', 0], ['m', 0], ['dim', 0], ['aug', 0], ['maj7', 0], ['7', 0], ['m7', 0]]),
      ...scales(['major', 'dorian', 'mixolydian', 'harmonic minor']),
    ],
  },
  {
    name: 'Inversions and all the modes',
    level: 'advanced',
    items: [
      ...intervals(['2m', '3m', '4A', '6m', '7m', '7M'], 'descending'),
      ...intervals(['2M', '4P', '5P', '7m'], 'harmonic'),
      ...chords([['M', 1], ['M', 2], ['m', 1], ['m', 2], ['7', 1], ['7', 3], ['m7b5', 0], ['dim7', 0], ['mMaj7', 0]]),
      ...scales(['dorian', 'phrygian', 'lydian', 'mixolydian', 'locrian', 'melodic minor']),
    ],
  },
];

/** Lily's items and how she does on them: the tritone and the minor sixth are her weak spots. */
const LILY_ITEMS: [ExerciseItem, number][] = [
  [{ kind: 'interval', name: '5P', play: 'ascending' }, 0.9],
  [{ kind: 'interval', name: '3M', play: 'ascending' }, 0.85],
  [{ kind: 'interval', name: '4A', play: 'ascending' }, 0.4],
  [{ kind: 'interval', name: '6m', play: 'ascending' }, 0.5],
  [{ kind: 'chord', name: 'm7', inversion: 0 }, 0.7],
  [{ kind: 'scale', name: 'dorian' }, 0.6],
];
/** Questions answered each of the last days, the last being today: a nine-day streak after a gap. */
const LILY_DAYS = [5, 0, 4, 6, 3, 5, 8, 4, 6, 7, 5];

/**
 * The provider's sets, then Lily Chen's history on the intermediate one and Sofia Marin's goal for
 * her. A browser spec's own Riverside (ctx.login, docs/decisions/064-each-browser-spec-on-its-own-school.md)
 * gets its Lily's history and goal only: the sets are the provider's, seeded once with the demo.
 */
export async function seedEarTrainerDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const setId = ctx?.login ? await demoSetId(tx) : await seedSets(tx, now);

  const [student, teacher] = [demoLogin(ctx, 'student'), demoLogin(ctx, 'teacher')];
  const people = await tx.select({ id: users.id, username: users.username, adminId: users.adminId }).from(users).where(inArray(users.username, [student, teacher]));
  const lily = people.find((p) => p.username === student);
  const sofia = people.find((p) => p.username === teacher);
  if (!lily?.adminId || !sofia) throw new Error('The ear trainer demo needs Lily and Sofia');
  const adminId = lily.adminId;

  const state = new Map<string, Sm2State & { tries: number; right: number; dueAt: Date }>();
  const questions: (typeof earTrainerQuestions.$inferInsert)[] = [];
  let n = 0;
  LILY_DAYS.forEach((count, d) => {
    const daysAgo = LILY_DAYS.length - 1 - d;
    for (let q = 0; q < count; q += 1) {
      // Earlier today or on that day, a minute apart, ending before now.
      const at = new Date(now.getTime() - daysAgo * 86_400_000 - (count - q) * 60_000);
      const [item, skill] = LILY_ITEMS[n % LILY_ITEMS.length]!;
      // A fixed pattern, not chance: the demo looks the same every time.
      const correct = ((n * 37) % 100) / 100 < skill;
      n += 1;
      const key = itemKeyOf(item);
      const before = state.get(key) ?? { ...NEW_ITEM, tries: 0, right: 0, dueAt: at };
      const after = review(before, correct, at);
      state.set(key, { ...after, tries: before.tries + 1, right: before.right + (correct ? 1 : 0) });
      questions.push({ adminId, studentId: lily.id, setId, item, itemKey: key, root: 48 + (n % 12), answer: 'demo', correct, answeredAt: at, createdAt: at });
    }
  });
  await tx.insert(earTrainerQuestions).values(questions);
  await tx.insert(earTrainerProgress).values(LILY_ITEMS.map(([item]) => {
    const s = state.get(itemKeyOf(item))!;
    return {
      adminId, studentId: lily.id, itemKey: itemKeyOf(item), label: itemLabelOf(item), repetitions: s.repetitions, intervalDays: s.intervalDays,
      ease: s.ease, dueAt: s.dueAt, tries: s.tries, right: s.right, updatedAt: now,
    };
  }));
  await tx.insert(earTrainerGoals).values({ adminId, studentId: lily.id, questionsPerWeek: 40, setBy: sofia.id });
}

async function seedSets(tx: Tx, now: Date): Promise<string> {
  const sets = await tx.insert(earTrainerSets).values(DEMO_SETS.map((s, i) => ({ ...s, createdAt: new Date(now.getTime() - (DEMO_SETS.length - i) * 60_000) })))
    .returning({ id: earTrainerSets.id, level: earTrainerSets.level });
  return sets.find((s) => s.level === 'intermediate')!.id;
}

/** The demo's intermediate set, which Lily's history was answered on; none if the provider deleted it (as its deletion leaves the demo's). */
async function demoSetId(tx: Tx): Promise<string | null> {
  const demo = DEMO_SETS.find((s) => s.level === 'intermediate')!;
  const [set] = await tx.select({ id: earTrainerSets.id }).from(earTrainerSets)
    .where(and(eq(earTrainerSets.level, demo.level), eq(earTrainerSets.name, demo.name))).orderBy(earTrainerSets.createdAt).limit(1);
  return set?.id ?? null;
}
