import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { listQuery, optionalText, requiredString, safeString, uuid, type ListResult } from './common.js';

/**
 * Quizzes (issue 17, decision 048): the provider's quiz categories and quizzes, written by the
 * superadmin alone and read, once published, by every school's students. A question is one of
 * five kinds; the staff kind carries its notation as data (drawn by VexFlow in the browser), the
 * listening kind what to play (synthesised by Tone.js in the browser).
 */
export const QUIZ_TITLE_MAX = 120;
export const QUIZ_DESCRIPTION_MAX = 1000;
export const QUESTION_PROMPT_MAX = 500;
export const EXPLANATION_MAX = 1000;
export const ANSWER_MAX = 200;
export const ANSWERS_MIN = 2;
export const ANSWERS_MAX = 8;
export const QUESTIONS_MAX = 100;
/** Minutes; none means untimed. */
export const TIME_LIMIT_MAX = 180;
/** Seconds after the deadline a submission still counts: the network's time, not the student's. */
export const SUBMIT_GRACE_SECONDS = 10;
export const NOTES_MAX = 16;

export const QUESTION_KINDS = ['single', 'multiple', 'trueFalse', 'staff', 'listening'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  trueFalse: 'True or false',
  staff: 'Name this note / key / chord (staff)',
  listening: 'What do you hear',
};
export const QUIZ_STATUSES = ['draft', 'published'] as const;
export type QuizStatus = (typeof QUIZ_STATUSES)[number];
export const CLEFS = ['treble', 'bass', 'alto', 'tenor'] as const;
export const KEY_SIGNATURES = ['C', 'G', 'D', 'A', 'E', 'B', 'F#', 'C#', 'F', 'Bb', 'Eb', 'Ab', 'Db', 'Gb', 'Cb', 'Am', 'Em', 'Bm', 'F#m', 'C#m', 'G#m', 'D#m', 'A#m', 'Dm', 'Gm', 'Cm', 'Fm', 'Bbm', 'Ebm', 'Abm'] as const;
export const DURATIONS = ['w', 'h', 'q', '8'] as const;

export const QUIZ_MESSAGES = {
  nameRequired: 'Category Name is Required',
  nameMax: `Category Name should allow only ${QUIZ_TITLE_MAX} characters.`,
  nameTaken: 'This category already exists',
  titleRequired: 'Quiz Title is Required',
  titleMax: `Quiz Title should allow only ${QUIZ_TITLE_MAX} characters.`,
  descriptionMax: `Description should allow only ${QUIZ_DESCRIPTION_MAX} characters.`,
  categoryRequired: 'Please choose a category',
  timeLimit: `Please enter a whole number of minutes between 1 and ${TIME_LIMIT_MAX}`,
  promptRequired: 'Question is Required',
  promptMax: `Question should allow only ${QUESTION_PROMPT_MAX} characters.`,
  explanationMax: `Explanation should allow only ${EXPLANATION_MAX} characters.`,
  answerRequired: 'Answer is Required',
  answerMax: `Answer should allow only ${ANSWER_MAX} characters.`,
  answersCount: `Please give between ${ANSWERS_MIN} and ${ANSWERS_MAX} answers`,
  oneCorrect: 'Please mark exactly one answer correct',
  someCorrect: 'Please mark at least one answer correct',
  trueFalseAnswers: 'A true or false question has the answers True and False',
  notationRequired: 'Please enter the notes to show on the staff',
  soundRequired: 'Please enter the notes to play',
  noteInvalid: 'Please write notes like C4, F#3 or Bb5, separated by spaces',
  notesMax: `Please enter at most ${NOTES_MAX} notes`,
  questionsMax: `A quiz has at most ${QUESTIONS_MAX} questions`,
  noQuestions: 'A quiz needs at least one question before it is published',
  categoryNotFound: 'Category not found',
  categoryInUse: 'This category still has quizzes',
  quizNotFound: 'Quiz not found',
  questionNotFound: 'Question not found',
  attemptNotFound: 'Attempt not found',
  alreadySubmitted: 'This attempt was already submitted',
  notSubmitted: 'This attempt is not submitted yet',
  answerUnknown: 'Please choose among the question’s answers',
  categoryAdded: 'Category Added Successfully',
  categoryUpdated: 'Category Updated Successfully',
  categoryDeleted: 'Category Deleted Successfully',
  quizAdded: 'Quiz Added Successfully',
  quizUpdated: 'Quiz Updated Successfully',
  quizDeleted: 'Quiz Deleted Successfully',
  quizPublished: 'Quiz Published Successfully',
  quizUnpublished: 'Quiz moved back to draft',
  questionAdded: 'Question Added Successfully',
  questionUpdated: 'Question Updated Successfully',
  questionDeleted: 'Question Deleted Successfully',
  submitted: 'Quiz Submitted Successfully',
  timedOut: 'Time is up: the answers given after the time limit were not counted',
} as const;
const M = QUIZ_MESSAGES;

/** A pitch as the forms write it: letter, optional accidental, octave (C4, F#3, Bb5). */
export const NOTE_PATTERN = /^[A-Ga-g](#|b|##|bb)?[0-8]$/;
const noteName = safeString().trim().max(4, M.noteInvalid).regex(NOTE_PATTERN, M.noteInvalid);
/** One or more notes sounding together (a chord when more than one). */
const noteGroup = z.array(noteName).min(1, M.noteInvalid).max(6, M.notesMax);

export const notationSchema = z.object({
  clef: z.enum(CLEFS),
  keySignature: z.enum(KEY_SIGNATURES),
  /** Each entry one staff position: a note or a chord, drawn left to right. */
  notes: z.array(noteGroup).min(1, M.notationRequired).max(NOTES_MAX, M.notesMax),
  duration: z.enum(DURATIONS).default('q'),
});
export type Notation = z.output<typeof notationSchema>;

export const soundSchema = z.object({
  /** Each step played after the other; a step of several notes is a chord. */
  steps: z.array(z.object({ notes: noteGroup, duration: z.enum(DURATIONS).default('q') })).min(1, M.soundRequired).max(NOTES_MAX, M.notesMax),
  /** Beats a minute. */
  tempo: z.number().int().min(30).max(240).default(90),
});
export type Sound = z.output<typeof soundSchema>;

export const categoryBody = z.object({ name: requiredString(M.nameRequired).max(QUIZ_TITLE_MAX, M.nameMax) });
export const categoryUpdateBody = categoryBody.extend({ categoryId: uuid });
export const categoryIdBody = z.object({ categoryId: uuid });

const timeLimit = z.union([z.number(), z.null(), optionalText(4, M.timeLimit)])
  .transform((v) => (v === null || v === '' ? null : Number(v)))
  .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= TIME_LIMIT_MAX), M.timeLimit);

export const quizFields = z.object({
  title: requiredString(M.titleRequired).max(QUIZ_TITLE_MAX, M.titleMax),
  description: optionalText(QUIZ_DESCRIPTION_MAX, M.descriptionMax, { multiline: true }).default(''),
  categoryId: z.uuid({ error: M.categoryRequired }).max(36, M.categoryRequired),
  /** Minutes, or null for an untimed quiz. */
  timeLimit: timeLimit.default(null),
});
export type QuizFormValues = z.input<typeof quizFields>;
export const quizUpdateBody = quizFields.extend({ quizId: uuid });
export const quizIdBody = z.object({ quizId: uuid });
export const publishBody = z.object({ quizId: uuid, published: z.boolean() });
export const quizListBody = listQuery(['createdAt', 'title'] as const, PAGE_SIZE.quizzes).extend({
  categoryId: uuid.optional(),
  status: z.enum(QUIZ_STATUSES).optional(),
});
export const publishedListBody = listQuery(['createdAt', 'title'] as const, PAGE_SIZE.quizzes).extend({ categoryId: uuid.optional() });

const answerText = requiredString(M.answerRequired).max(ANSWER_MAX, M.answerMax);

/**
 * A question as the form sends it. answers are texts; `correct` holds the indexes of the correct
 * ones. The kind's rules (one correct answer unless multiple; True and False for trueFalse;
 * notation for staff, sound for listening) are checked by `questionRules` below.
 */
const questionObject = z.object({
  kind: z.enum(QUESTION_KINDS),
  prompt: requiredString(M.promptRequired, { multiline: true }).max(QUESTION_PROMPT_MAX, M.promptMax),
  answers: z.array(answerText).min(ANSWERS_MIN, M.answersCount).max(ANSWERS_MAX, M.answersCount),
  correct: z.array(z.number().int().min(0).max(ANSWERS_MAX - 1)).max(ANSWERS_MAX, M.someCorrect),
  explanation: optionalText(EXPLANATION_MAX, M.explanationMax, { multiline: true }).default(''),
  notation: notationSchema.nullable().default(null),
  sound: soundSchema.nullable().default(null),
});

type QuestionShape = z.output<typeof questionObject>;
function questionRules(q: QuestionShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const correct = [...new Set(q.correct)];
  if (correct.some((i) => i >= q.answers.length)) issue('correct', M.someCorrect);
  if (q.kind === 'multiple') {
    if (correct.length === 0) issue('correct', M.someCorrect);
  } else if (correct.length !== 1) issue('correct', M.oneCorrect);
  if (q.kind === 'trueFalse' && (q.answers.length !== 2 || q.answers[0] !== 'True' || q.answers[1] !== 'False')) issue('answers', M.trueFalseAnswers);
  if (q.kind === 'staff' && !q.notation) issue('notation', M.notationRequired);
  if (q.kind === 'listening' && !q.sound) issue('sound', M.soundRequired);
}

export const questionFields = questionObject.superRefine(questionRules);
export type QuestionFormValues = z.input<typeof questionObject>;
export const addQuestionBody = questionObject.extend({ quizId: uuid }).superRefine(questionRules);
export const updateQuestionBody = questionObject.extend({ questionId: uuid }).superRefine(questionRules);
export const questionIdBody = z.object({ questionId: uuid });

export const startAttemptBody = z.object({ quizId: uuid });
export const submitAttemptBody = z.object({
  attemptId: uuid,
  /** The chosen answers' indexes of each question; a question left out is unanswered. */
  answers: z.array(z.object({ questionId: uuid, chosen: z.array(z.number().int().min(0).max(ANSWERS_MAX - 1)).max(ANSWERS_MAX) })).max(QUESTIONS_MAX),
});
export const attemptIdBody = z.object({ attemptId: uuid });
export const myAttemptsBody = z.object({ quizId: uuid.optional() });

// --- answers ---

export type QuizCategory = { _id: string; name: string; quizCount: number; publishedCount: number };
export type QuizSummary = {
  _id: string; title: string; description: string; category: { _id: string; name: string } | null;
  timeLimit: number | null; status: QuizStatus; questionCount: number; createdAt: string; updatedAt: string;
};
export type QuizListAnswer = ListResult<QuizSummary>;

/** A question as the superadmin edits it: with the correct answers and the explanation. */
export type QuizQuestion = {
  _id: string; position: number; kind: QuestionKind; prompt: string; answers: string[]; correct: number[];
  explanation: string; notation: Notation | null; sound: Sound | null;
};
export type QuizDetail = QuizSummary & { questions: QuizQuestion[] };

/** A question as a student takes it: no correct answers, no explanation. */
export type TakeQuestion = Omit<QuizQuestion, 'correct' | 'explanation'>;
export type TakeQuiz = QuizSummary & { questions: TakeQuestion[] };
export type StartedAttempt = { attemptId: string; startedAt: string; deadlineAt: string | null; quiz: TakeQuiz };

export type AnswerResult = QuizQuestion & { chosen: number[]; isCorrect: boolean };
export type AttemptResult = {
  _id: string; quizId: string; quizTitle: string; startedAt: string; submittedAt: string; timedOut: boolean;
  score: number; total: number; percent: number; answers: AnswerResult[];
};
export type AttemptSummary = {
  _id: string; quizId: string; quizTitle: string; startedAt: string; submittedAt: string | null;
  score: number | null; total: number; percent: number | null; timedOut: boolean;
};
/** A published quiz in the student's list, with their own best and last scores. */
export type PublishedQuiz = QuizSummary & { attempts: number; bestPercent: number | null; lastPercent: number | null };
export type PublishedListAnswer = ListResult<PublishedQuiz>;
