import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { listQuery, optionalText, requiredString, safeString, uuid } from './common.js';
import { defineRoute, listResultOf, noData } from './route.js';

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

/** Notation and sound as stored (the forms' output, defaults applied), plain: an answer is checked, not cleaned. */
const notationAnswer = z.object({
  clef: z.enum(CLEFS), keySignature: z.enum(KEY_SIGNATURES), notes: z.array(z.array(z.string())), duration: z.enum(DURATIONS),
});
const soundAnswer = z.object({
  steps: z.array(z.object({ notes: z.array(z.string()), duration: z.enum(DURATIONS) })), tempo: z.number().int(),
});

export const quizCategory = z.object({ _id: z.string(), name: z.string(), quizCount: z.number().int(), publishedCount: z.number().int() });
export type QuizCategory = z.infer<typeof quizCategory>;
export const quizSummary = z.object({
  _id: z.string(), title: z.string(), description: z.string(), category: z.object({ _id: z.string(), name: z.string() }).nullable(),
  timeLimit: z.number().int().nullable(), status: z.enum(QUIZ_STATUSES), questionCount: z.number().int(), createdAt: z.string(), updatedAt: z.string(),
});
export type QuizSummary = z.infer<typeof quizSummary>;
export const quizListAnswer = listResultOf(quizSummary);
export type QuizListAnswer = z.infer<typeof quizListAnswer>;

/** A question as the superadmin edits it: with the correct answers and the explanation. */
export const quizQuestion = z.object({
  _id: z.string(), position: z.number().int(), kind: z.enum(QUESTION_KINDS), prompt: z.string(), answers: z.array(z.string()),
  correct: z.array(z.number().int()), explanation: z.string(), notation: notationAnswer.nullable(), sound: soundAnswer.nullable(),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;
export const quizDetail = quizSummary.extend({ questions: z.array(quizQuestion) });
export type QuizDetail = z.infer<typeof quizDetail>;

/** A question as a student takes it: no correct answers, no explanation. */
export const takeQuestion = quizQuestion.omit({ correct: true, explanation: true });
export type TakeQuestion = z.infer<typeof takeQuestion>;
export const takeQuiz = quizSummary.extend({ questions: z.array(takeQuestion) });
export type TakeQuiz = z.infer<typeof takeQuiz>;
export const startedAttempt = z.object({ attemptId: z.string(), startedAt: z.string(), deadlineAt: z.string().nullable(), quiz: takeQuiz });
export type StartedAttempt = z.infer<typeof startedAttempt>;

export const answerResult = quizQuestion.extend({ chosen: z.array(z.number().int()), isCorrect: z.boolean() });
export type AnswerResult = z.infer<typeof answerResult>;
export const attemptResult = z.object({
  _id: z.string(), quizId: z.string(), quizTitle: z.string(), startedAt: z.string(), submittedAt: z.string(), timedOut: z.boolean(),
  score: z.number().int(), total: z.number().int(), percent: z.number().int(), answers: z.array(answerResult),
});
export type AttemptResult = z.infer<typeof attemptResult>;
export const attemptSummary = z.object({
  _id: z.string(), quizId: z.string(), quizTitle: z.string(), startedAt: z.string(), submittedAt: z.string().nullable(),
  score: z.number().int().nullable(), total: z.number().int(), percent: z.number().int().nullable(), timedOut: z.boolean(),
});
export type AttemptSummary = z.infer<typeof attemptSummary>;
/** A published quiz in the student's list, with their own best and last scores. */
export const publishedQuiz = quizSummary.extend({ attempts: z.number().int(), bestPercent: z.number().int().nullable(), lastPercent: z.number().int().nullable() });
export type PublishedQuiz = z.infer<typeof publishedQuiz>;
export const publishedListAnswer = listResultOf(publishedQuiz);
export type PublishedListAnswer = z.infer<typeof publishedListAnswer>;

// --- routes (decision 059) ----------------------------------------------------------------

/** Who calls (server/policies/quizzes.ts): the superadmin writes, students take, both read the categories. */
const tags = ['quizzes'];
const write = { roles: ['superadmin'], tags } as const;
const take = { roles: ['student'], tags } as const;
const read = { roles: ['superadmin', 'student'], tags } as const;

export const QUIZ_ROUTES = {
  categoryList: defineRoute({ method: 'POST', path: '/quiz/category/list', response: z.object({ results: z.array(quizCategory) }), meta: { ...read, lapsedSchool: 'open' } }),
  categoryAdd: defineRoute({ method: 'POST', path: '/quiz/category/add', body: categoryBody, response: quizCategory, meta: write }),
  categoryUpdate: defineRoute({ method: 'POST', path: '/quiz/category/update', body: categoryUpdateBody, response: quizCategory, meta: write }),
  categoryRemove: defineRoute({ method: 'DELETE', path: '/quiz/category/remove', body: categoryIdBody, response: noData, meta: write }),

  getQuizList: defineRoute({ method: 'POST', path: '/quiz/getQuizList', body: quizListBody, response: quizListAnswer, meta: write }),
  getQuiz: defineRoute({ method: 'POST', path: '/quiz/getQuiz', body: quizIdBody, response: quizDetail, meta: write }),
  addQuiz: defineRoute({ method: 'POST', path: '/quiz/addQuiz', body: quizFields, response: quizDetail, meta: write }),
  updateQuiz: defineRoute({ method: 'POST', path: '/quiz/updateQuiz', body: quizUpdateBody, response: quizDetail, meta: write }),
  removeQuiz: defineRoute({ method: 'DELETE', path: '/quiz/removeQuiz', body: quizIdBody, response: noData, meta: write }),
  publishQuiz: defineRoute({ method: 'POST', path: '/quiz/publishQuiz', body: publishBody, response: quizDetail, meta: write }),
  /** Preview as a student: the take view of any of the provider's quizzes, drafts included. */
  previewQuiz: defineRoute({ method: 'POST', path: '/quiz/previewQuiz', body: quizIdBody, response: takeQuiz, meta: write }),

  questionAdd: defineRoute({ method: 'POST', path: '/quiz/question/add', body: addQuestionBody, response: quizDetail, meta: write }),
  questionUpdate: defineRoute({ method: 'POST', path: '/quiz/question/update', body: updateQuestionBody, response: quizDetail, meta: write }),
  questionRemove: defineRoute({ method: 'DELETE', path: '/quiz/question/remove', body: questionIdBody, response: quizDetail, meta: write }),

  getPublishedQuizzes: defineRoute({ method: 'POST', path: '/quiz/getPublishedQuizzes', body: publishedListBody, response: publishedListAnswer, meta: { ...take, lapsedSchool: 'open' } }),
  startAttempt: defineRoute({ method: 'POST', path: '/quiz/startAttempt', body: startAttemptBody, response: startedAttempt, meta: take }),
  submitAttempt: defineRoute({ method: 'POST', path: '/quiz/submitAttempt', body: submitAttemptBody, response: attemptResult, meta: take }),
  getAttempt: defineRoute({ method: 'POST', path: '/quiz/getAttempt', body: attemptIdBody, response: attemptResult, meta: { ...take, lapsedSchool: 'open' } }),
  myAttempts: defineRoute({ method: 'POST', path: '/quiz/myAttempts', body: myAttemptsBody, response: z.object({ results: z.array(attemptSummary) }), meta: { ...take, lapsedSchool: 'open' } }),
};
