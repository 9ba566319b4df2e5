import { z } from 'zod';
import { LEVELS, MAX_PAGE_SIZE, PAGE_SIZE, type Level } from '../constants.js';
import { EXERCISE_KINDS, INTERVAL_PLAYS, isKnownItem, type ExerciseKind, type ExerciseItem } from '../ear-trainer-theory.js';
import { requiredString, safeString, uuid } from './common.js';

/**
 * The ear trainer (issue 17). Calls under /api/earTrainer:
 *   POST getSets         the superadmin's exercise sets (paged 20, by level)
 *   POST addSet          a set: level, name, items (names tonal knows)
 *   POST updateSet       the same, of an existing set
 *   DELETE removeSet     a set (its students' schedules stay: they are kept per item)
 *   POST getMyTrainer    a student's level, its sets, stats per item, streak and weekly goal
 *   POST nextQuestion    the next question of a set (spaced repetition); its answer stays on the server
 *   POST answerQuestion  the student's answer, checked on the server; the correct one comes back
 *   POST getGoal         a student's ear-training goal and this week's progress (staff, their teachers)
 *   POST setGoal         sets it (staff, the student's teachers); 0 questions removes it
 */
export const EAR_TRAINER_LIMITS = { nameMax: 100, itemsMax: 40, pageSize: PAGE_SIZE.earTrainer, goalMax: 1000 } as const;

export const EAR_TRAINER_MESSAGES = {
  nameRequired: 'Name is Required',
  nameTooLong: `Name should allow only ${EAR_TRAINER_LIMITS.nameMax} characters.`,
  levelRequired: 'Level is Required',
  itemsRequired: 'Choose at least one item',
  tooManyItems: `A set holds at most ${EAR_TRAINER_LIMITS.itemsMax} items.`,
  unknownItem: 'This item is not one the ear trainer knows',
  duplicateItem: 'This item is in the set twice',
  answerRequired: 'Answer is Required',
  goalInvalid: `Questions a week must be a whole number from 0 to ${EAR_TRAINER_LIMITS.goalMax}.`,
  setAdded: 'Exercise set added',
  setUpdated: 'Exercise set updated',
  setDeleted: 'Exercise set deleted',
  setNotFound: 'Exercise set not found',
  questionNotFound: 'Question not found',
  alreadyAnswered: 'This question has already been answered',
  studentNotFound: 'Student not found',
  goalSaved: 'Goal saved',
  goalRemoved: 'Goal removed',
} as const;
const M = EAR_TRAINER_MESSAGES;

/** tonal's names are short: the longest scale name it knows is under 40 characters. */
const itemName = safeString({ error: M.unknownItem }).max(40, M.unknownItem);

/** One item of a set; an interval without `play` is ascending, a chord without `inversion` in root position. */
const exerciseItem = z.object({
  kind: z.enum(EXERCISE_KINDS, { error: M.unknownItem }),
  name: itemName,
  play: z.enum(INTERVAL_PLAYS, { error: M.unknownItem }).optional(),
  inversion: z.number({ error: M.unknownItem }).int(M.unknownItem).min(0, M.unknownItem).max(3, M.unknownItem).optional(),
}).transform((i): ExerciseItem => {
  if (i.kind === 'interval') return { kind: 'interval', name: i.name, play: i.play ?? 'ascending' };
  if (i.kind === 'chord') return { kind: 'chord', name: i.name, inversion: i.inversion ?? 0 };
  return { kind: 'scale', name: i.name };
});

/** The items, each a name tonal knows for its kind, none twice (errors by item, e.g. `items.2`). */
const items = z.array(exerciseItem, { error: M.itemsRequired })
  .min(1, M.itemsRequired)
  .max(EAR_TRAINER_LIMITS.itemsMax, M.tooManyItems)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      if (!isKnownItem(item)) ctx.addIssue({ code: 'custom', path: [index], message: M.unknownItem });
      const key = JSON.stringify(item);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: M.duplicateItem });
      seen.add(key);
    });
  });

export const setBody = z.object({
  name: requiredString(M.nameRequired).max(EAR_TRAINER_LIMITS.nameMax, M.nameTooLong),
  level: z.enum(LEVELS, { error: M.levelRequired }),
  items,
});
export type SetInput = z.input<typeof setBody>;

export const updateSetBody = setBody.extend({ id: uuid });
export const setIdBody = z.object({ id: uuid });

export const setListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(EAR_TRAINER_LIMITS.pageSize),
  level: z.enum(LEVELS).optional(),
});
export type SetListQuery = z.input<typeof setListBody>;

export const nextQuestionBody = z.object({ setId: uuid });
export const answerQuestionBody = z.object({
  questionId: uuid,
  answer: requiredString(M.answerRequired).max(60, M.answerRequired),
});

export const studentIdBody = z.object({ studentId: uuid });
export const setGoalBody = z.object({
  studentId: uuid,
  questionsPerWeek: z.number({ error: M.goalInvalid }).int(M.goalInvalid).min(0, M.goalInvalid).max(EAR_TRAINER_LIMITS.goalMax, M.goalInvalid),
});
export type SetGoalInput = z.input<typeof setGoalBody>;

export type ExerciseSet = {
  _id: string;
  name: string;
  level: Level;
  items: (ExerciseItem & { label: string })[];
  kinds: ExerciseKind[];
  createdAt: string;
  updatedAt: string;
};

export type AnswerOption = { key: string; label: string };

/** A question as the page gets it: what to play, never which item it is. */
export type Question = {
  _id: string;
  prompt: string;
  notes: number[];
  harmonic: boolean;
  /** The lowest note, played as the reference tone. */
  reference: number;
  options: AnswerOption[];
};

export type AnswerResult = {
  correct: boolean;
  answer: AnswerOption;
  notes: number[];
  harmonic: boolean;
  /** When the item comes back (spaced repetition). */
  dueAt: string;
};

export type ItemStat = { key: string; label: string; tries: number; right: number; rightPercent: number; dueAt: string };

/** Weekly goal: questions answered since the week began (Monday, on the school's clock). */
export type GoalProgress = { questionsPerWeek: number; answeredThisWeek: number; weekStarts: string } | null;

export type Streak = { days: number; practisedToday: boolean };

export type MyTrainer = {
  level: Level;
  sets: ExerciseSet[];
  stats: ItemStat[];
  streak: Streak;
  goal: GoalProgress;
};

export type StudentGoal = { studentId: string; goal: GoalProgress; streak: Streak; answered: number; rightPercent: number };
