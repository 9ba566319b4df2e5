import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { quizAttempts, quizCategories, quizQuestions, quizzes, users } from '../../db/schema/index.js';
import type { QuestionKind, QuizQuestion, Notation, Sound } from '../../../shared/contracts/quizzes.js';
import { presentQuestion } from './presenter.js';
import { markAnswers } from './scoring.js';

type DemoQuestion = { kind: QuestionKind; prompt: string; answers: string[]; correct: number[]; explanation: string; notation?: Notation; sound?: Sound };

const NOTES_AND_KEYS: DemoQuestion[] = [
  {
    kind: 'staff', prompt: 'Name this note.', answers: ['E', 'G', 'B', 'D'], correct: [1],
    explanation: 'On the treble staff the second line is G: the treble clef curls around it.',
    notation: { clef: 'treble', keySignature: 'C', notes: [['G4']], duration: 'w' },
  },
  {
    kind: 'staff', prompt: 'Which major key has this key signature?', answers: ['G major', 'D major', 'A major', 'F major'], correct: [1],
    explanation: 'Two sharps, F♯ and C♯, make the key signature of D major (and of B minor).',
    notation: { clef: 'treble', keySignature: 'D', notes: [['D4']], duration: 'w' },
  },
  {
    kind: 'staff', prompt: 'Name this chord.', answers: ['C major', 'A minor', 'F major', 'E minor'], correct: [0],
    explanation: 'C, E and G stacked in thirds make the C major triad.',
    notation: { clef: 'treble', keySignature: 'C', notes: [['C4', 'E4', 'G4']], duration: 'w' },
  },
  {
    kind: 'listening', prompt: 'What do you hear: a major or a minor chord?', answers: ['Major', 'Minor'], correct: [0],
    explanation: 'C, E and G: a major third with a minor third above it sounds bright, a major chord.',
    sound: { steps: [{ notes: ['C4', 'E4', 'G4'], duration: 'h' }], tempo: 80 },
  },
  {
    kind: 'multiple', prompt: 'Which of these keys have one sharp or one flat in their signature?', answers: ['G major', 'F major', 'D major', 'E minor'], correct: [0, 1, 3],
    explanation: 'G major and its relative E minor have one sharp (F♯); F major has one flat (B♭). D major has two sharps.',
  },
  {
    kind: 'trueFalse', prompt: 'Middle C is written on a ledger line below the treble staff.', answers: ['True', 'False'], correct: [0],
    explanation: 'Middle C sits on the first ledger line below the treble staff (and above the bass staff).',
  },
];

const RHYTHM: DemoQuestion[] = [
  {
    kind: 'single', prompt: 'How many quarter notes last as long as one whole note?', answers: ['2', '3', '4', '8'], correct: [2],
    explanation: 'A whole note lasts four beats in 4/4; each quarter note lasts one.',
  },
  {
    kind: 'single', prompt: 'In 3/4 time, how many beats are in a bar?', answers: ['2', '3', '4', '6'], correct: [1],
    explanation: 'The top number of a time signature counts the beats in each bar: three quarter-note beats.',
  },
  {
    kind: 'listening', prompt: 'What do you hear: are the notes long-short or short-long?', answers: ['Long then short', 'Short then long'], correct: [0],
    explanation: 'A half note then a quarter note: the first note lasts twice as long as the second.',
    sound: { steps: [{ notes: ['G4'], duration: 'h' }, { notes: ['G4'], duration: 'q' }, { notes: ['G4'], duration: 'h' }, { notes: ['G4'], duration: 'q' }], tempo: 90 },
  },
  {
    kind: 'trueFalse', prompt: 'A dot after a note adds half of its value.', answers: ['True', 'False'], correct: [0],
    explanation: 'A dotted half note lasts a half plus a quarter: three beats.',
  },
];

/**
 * The quizzes of the demo (issue 17): two of the provider's categories with a published quiz each
 * (Notes and Keys has staff questions and a listening question; Rhythm is timed), a draft, and Lily
 * Chen's attempts: Notes and Keys twice (better the second time), Rhythm once.
 */
export async function seedQuizDemo(tx: Tx, now: Date): Promise<void> {
  const people = await tx.select({ id: users.id, username: users.username, adminId: users.adminId }).from(users).where(inArray(users.username, ['superadmin', 'student']));
  const provider = people.find((p) => p.username === 'superadmin');
  const lily = people.find((p) => p.username === 'student');
  if (!provider || !lily?.adminId) throw new Error('The quiz demo needs the demo superadmin and student');
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);

  const categories = await tx.insert(quizCategories).values([
    { adminId: provider.id, provider: true, name: 'Notes and Keys', createdAt: days(60) },
    { adminId: provider.id, provider: true, name: 'Rhythm', createdAt: days(59) },
  ]).returning();
  const categoryId = (name: string) => categories.find((c) => c.name === name)!.id;

  const addQuiz = async (q: { title: string; description: string; category: string; timeLimit: number | null; status: 'draft' | 'published'; age: number }, questions: DemoQuestion[]) => {
    const [quiz] = await tx.insert(quizzes).values({
      adminId: provider.id, provider: true, categoryId: categoryId(q.category), title: q.title, description: q.description, timeLimit: q.timeLimit, status: q.status,
      createdBy: provider.id, createdAt: days(q.age), updatedAt: days(q.age),
    }).returning();
    const rows = questions.length === 0 ? [] : await tx.insert(quizQuestions).values(questions.map((x, i) => ({
      adminId: provider.id, quizId: quiz!.id, position: i + 1, kind: x.kind, prompt: x.prompt, answers: x.answers, correct: x.correct,
      explanation: x.explanation, notation: x.notation ?? null, sound: x.sound ?? null, createdAt: days(q.age),
    }))).returning();
    return { quiz: quiz!, questions: rows.sort((a, b) => a.position - b.position).map(presentQuestion) };
  };

  const notes = await addQuiz({ title: 'Treble Clef Notes and Key Signatures', description: 'Read notes, key signatures and chords on the staff, and listen.', category: 'Notes and Keys', timeLimit: null, status: 'published', age: 50 }, NOTES_AND_KEYS);
  const rhythm = await addQuiz({ title: 'Rhythm Basics', description: 'Note values and time signatures.', category: 'Rhythm', timeLimit: 10, status: 'published', age: 45 }, RHYTHM);
  await addQuiz({ title: 'Bass Clef Notes', description: 'Coming soon.', category: 'Notes and Keys', timeLimit: null, status: 'draft', age: 5 }, []);

  const attempt = async (quiz: { id: string; timeLimit: number | null }, questions: QuizQuestion[], picks: number[][], age: number) => {
    const marked = markAnswers(questions, new Map(questions.map((q, i) => [q._id, picks[i] ?? []])));
    const startedAt = days(age);
    await tx.insert(quizAttempts).values({
      adminId: lily.adminId!, quizId: quiz.id, studentId: lily.id, startedAt, deadlineAt: quiz.timeLimit ? new Date(startedAt.getTime() + quiz.timeLimit * 60_000) : null,
      submittedAt: new Date(startedAt.getTime() + 6 * 60_000), score: marked.score, total: marked.total, percent: marked.percent, results: marked.results,
    });
  };
  await attempt(notes.quiz, notes.questions, [[1], [0], [0], [1], [0, 1], [0]], 12);
  await attempt(notes.quiz, notes.questions, [[1], [1], [0], [0], [0, 1, 3], [0]], 4);
  await attempt(rhythm.quiz, rhythm.questions, [[2], [1], [1], [0]], 3);
}
