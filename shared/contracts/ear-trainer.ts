import { z } from 'zod';
import { LEVELS, MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { EXERCISE_KINDS, INTERVAL_PLAYS, isKnownItem, type ExerciseItem } from '../ear-trainer-theory.js';
import { SCHOOL_STAFF_ROLES, type Role } from '../roles.js';
import { requiredString, safeString, uuid } from './common.js';
import { defineRoute, listResultOf, noData } from './route.js';

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

// --- answers -------------------------------------------------------------------------------

/** An item of a set as the presenter sends it: the item itself and its label. */
const labelledItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interval'), name: z.string(), play: z.enum(INTERVAL_PLAYS), label: z.string() }),
  z.object({ kind: z.literal('chord'), name: z.string(), inversion: z.number(), label: z.string() }),
  z.object({ kind: z.literal('scale'), name: z.string(), label: z.string() }),
]);

export const exerciseSet = z.object({
  _id: z.string(),
  name: z.string(),
  level: z.enum(LEVELS),
  items: z.array(labelledItem),
  kinds: z.array(z.enum(EXERCISE_KINDS)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExerciseSet = z.infer<typeof exerciseSet>;

export const answerOption = z.object({ key: z.string(), label: z.string() });
export type AnswerOption = z.infer<typeof answerOption>;

/** A question as the page gets it: what to play, never which item it is. */
export const question = z.object({
  _id: z.string(),
  prompt: z.string(),
  notes: z.array(z.number()),
  harmonic: z.boolean(),
  /** The lowest note, played as the reference tone. */
  reference: z.number(),
  options: z.array(answerOption),
});
export type Question = z.infer<typeof question>;

export const answerResult = z.object({
  correct: z.boolean(),
  answer: answerOption,
  notes: z.array(z.number()),
  harmonic: z.boolean(),
  /** When the item comes back (spaced repetition). */
  dueAt: z.string(),
});
export type AnswerResult = z.infer<typeof answerResult>;

export const itemStat = z.object({
  key: z.string(), label: z.string(), tries: z.number(), right: z.number(), rightPercent: z.number(), dueAt: z.string(),
});
export type ItemStat = z.infer<typeof itemStat>;

/** Weekly goal: questions answered since the week began (Monday, on the school's clock). */
export const goalProgress = z.object({ questionsPerWeek: z.number(), answeredThisWeek: z.number(), weekStarts: z.string() }).nullable();
export type GoalProgress = z.infer<typeof goalProgress>;

export const streak = z.object({ days: z.number(), practisedToday: z.boolean() });
export type Streak = z.infer<typeof streak>;

export const myTrainer = z.object({
  level: z.enum(LEVELS),
  sets: z.array(exerciseSet),
  stats: z.array(itemStat),
  streak,
  goal: goalProgress,
});
export type MyTrainer = z.infer<typeof myTrainer>;

export const studentGoal = z.object({ studentId: z.string(), goal: goalProgress, streak, answered: z.number(), rightPercent: z.number() });
export type StudentGoal = z.infer<typeof studentGoal>;

// --- routes (decision 059) ----------------------------------------------------------------

/**
 * Who may call (the policy, server/policies/ear-trainer.ts, decides the rest): the provider writes
 * the sets, a student trains, the school's staff and teachers read and set a student's goal.
 */
export const SET_WRITER_ROLES = ['superadmin'] as const satisfies readonly Role[];
export const TRAINEE_ROLES = ['student'] as const satisfies readonly Role[];
export const GOAL_ROLES = [...SCHOOL_STAFF_ROLES, 'teacher'] as const satisfies readonly Role[];

const tags = ['earTrainer'] as const;
const writer = { roles: SET_WRITER_ROLES, tags } as const;
const trainee = { roles: TRAINEE_ROLES, tags } as const;
const goals = { roles: GOAL_ROLES, tags } as const;

export const EAR_TRAINER_ROUTES = {
  getSets: defineRoute({ method: 'POST', path: '/earTrainer/getSets', body: setListBody, response: listResultOf(exerciseSet), meta: writer }),
  addSet: defineRoute({ method: 'POST', path: '/earTrainer/addSet', body: setBody, response: exerciseSet, meta: writer }),
  updateSet: defineRoute({ method: 'POST', path: '/earTrainer/updateSet', body: updateSetBody, response: exerciseSet, meta: writer }),
  removeSet: defineRoute({ method: 'DELETE', path: '/earTrainer/removeSet', body: setIdBody, response: noData, meta: writer }),
  getMyTrainer: defineRoute({ method: 'POST', path: '/earTrainer/getMyTrainer', response: myTrainer, meta: { ...trainee, lapsedSchool: 'open' } }),
  nextQuestion: defineRoute({ method: 'POST', path: '/earTrainer/nextQuestion', body: nextQuestionBody, response: question, meta: trainee }),
  answerQuestion: defineRoute({ method: 'POST', path: '/earTrainer/answerQuestion', body: answerQuestionBody, response: answerResult, meta: trainee }),
  getGoal: defineRoute({ method: 'POST', path: '/earTrainer/getGoal', body: studentIdBody, response: studentGoal, meta: { ...goals, lapsedSchool: 'open' } }),
  setGoal: defineRoute({ method: 'POST', path: '/earTrainer/setGoal', body: setGoalBody, response: studentGoal, meta: goals }),
};
