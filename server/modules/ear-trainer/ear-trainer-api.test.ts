import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { earTrainerGoals, earTrainerProgress, earTrainerQuestions, earTrainerSets, genres, studentGenres } from '../../db/schema/index.js';
import { EAR_TRAINER_MESSAGES as M } from '../../../shared/contracts/ear-trainer.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let superadmin: string;
const tokens: Record<string, string> = {};

const SET = {
  name: 'Sevenths and fifths',
  level: 'intermediate',
  items: [
    { kind: 'interval', name: '5P', play: 'ascending' },
    { kind: 'interval', name: '7m', play: 'harmonic' },
    { kind: 'chord', name: 'm7', inversion: 0 },
    { kind: 'chord', name: 'M', inversion: 1 },
    { kind: 'scale', name: 'dorian' },
  ],
};
const call = (url: string, token: string | undefined, body: object = {}, method: 'POST' | 'DELETE' = 'POST') =>
  t.call(method, `/api/earTrainer/${url}`, { token, body });
const counts = () => t.db.transaction({ kind: 'all' }, async (tx) => ({
  sets: (await tx.select({ n: count() }).from(earTrainerSets))[0]!.n,
  questions: (await tx.select({ n: count() }).from(earTrainerQuestions))[0]!.n,
  progress: (await tx.select({ n: count() }).from(earTrainerProgress))[0]!.n,
  goals: (await tx.select({ n: count() }).from(earTrainerGoals))[0]!.n,
}));
const questionRow = (id: string) => t.db.transaction({ kind: 'all' }, async (tx) => (await tx.select().from(earTrainerQuestions).where(eq(earTrainerQuestions.id, id)))[0]!);

let setId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  superadmin = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
  for (const [name, s] of [['a', a], ['b', b]] as const) {
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tokens[`${name}.${role}`] = await sessionToken(t, s[role].id);
  }
  // A's student plays the piano at intermediate level and the voice as a beginner: the highest counts.
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    const found = await tx.select().from(genres).limit(2);
    await tx.insert(studentGenres).values([
      { adminId: a.adminId, studentId: a.student.id, genreId: found[0]!.id, level: 'intermediate' },
      { adminId: a.adminId, studentId: a.student.id, genreId: found[1]!.id, level: 'beginner' },
    ]);
  });
});
afterAll(() => t.close());

describe('exercise sets (the superadmin)', () => {
  it('adds a set, with labels and kinds', async () => {
    const res = await call('addSet', superadmin, SET);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.setAdded);
    expect(res.body.data).toMatchObject({ name: SET.name, level: 'intermediate', kinds: ['interval', 'chord', 'scale'] });
    expect(res.body.data.items.map((i: { label: string }) => i.label)).toEqual([
      'Perfect fifth (ascending)', 'Minor seventh (harmonic)', 'Minor seventh', 'Major triad, first inversion', 'Dorian',
    ]);
    setId = res.body.data._id;
  });

  it('lists sets paged 20, filtered by level', async () => {
    for (let i = 0; i < 21; i += 1) await call('addSet', superadmin, { ...SET, name: `Beginner ${i}`, level: 'beginner', items: [SET.items[0]] });
    const first = (await call('getSets', superadmin)).body.data;
    expect(first).toMatchObject({ page: 1, limit: 20, totalCount: 22 });
    expect(first.results).toHaveLength(20);
    expect((await call('getSets', superadmin, { page: 2 })).body.data.results).toHaveLength(2);
    const intermediate = (await call('getSets', superadmin, { level: 'intermediate' })).body.data;
    expect(intermediate.results.map((s: { _id: string }) => s._id)).toEqual([setId]);
  });

  it('updates and removes a set; an unknown one is 404', async () => {
    const res = await call('updateSet', superadmin, { ...SET, id: setId, name: 'Sevenths' });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Sevenths');
    const extra = (await call('addSet', superadmin, { ...SET, name: 'To remove', level: 'advanced' })).body.data._id;
    expect((await call('removeSet', superadmin, { id: extra }, 'DELETE')).status).toBe(200);
    expect((await call('removeSet', superadmin, { id: extra }, 'DELETE')).status).toBe(404);
    expect((await call('updateSet', superadmin, { ...SET, id: extra })).status).toBe(404);
  });

  it('refuses item names tonal does not know, by field, and stores nothing', async () => {
    const before = await counts();
    const bad = async (body: object) => (await call('addSet', superadmin, body)).body;
    expect((await bad({ ...SET, items: [{ kind: 'interval', name: '5X', play: 'ascending' }] })).errors).toEqual({ 'items.0': M.unknownItem });
    expect((await bad({ ...SET, items: [SET.items[0], { kind: 'chord', name: 'mystery', inversion: 0 }] })).errors).toEqual({ 'items.1': M.unknownItem });
    expect((await bad({ ...SET, items: [{ kind: 'chord', name: 'M', inversion: 3 }] })).errors).toEqual({ 'items.0': M.unknownItem });
    expect((await bad({ ...SET, items: [{ kind: 'scale', name: 'klingon' }] })).errors).toEqual({ 'items.0': M.unknownItem });
    expect((await bad({ ...SET, items: [SET.items[0], SET.items[0]] })).errors).toEqual({ 'items.1': M.duplicateItem });
    expect((await bad({ ...SET, items: [] })).errors).toEqual({ items: M.itemsRequired });
    expect((await bad({ ...SET, name: ' ' })).errors).toEqual({ name: M.nameRequired });
    expect((await bad({ ...SET, level: 'virtuoso' })).errors).toEqual({ level: M.levelRequired });
    expect(await counts()).toEqual(before);
  });

  it('needs a session (401) and is the superadmin’s alone (403)', async () => {
    const before = await counts();
    expect((await call('addSet', undefined, SET)).status).toBe(401);
    expect((await call('getSets', undefined)).status).toBe(401);
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent']) {
      expect((await call('addSet', tokens[`a.${role}`], SET)).status, role).toBe(403);
      expect((await call('updateSet', tokens[`a.${role}`], { ...SET, id: setId })).status, role).toBe(403);
      expect((await call('removeSet', tokens[`a.${role}`], { id: setId }, 'DELETE')).status, role).toBe(403);
      expect((await call('getSets', tokens[`a.${role}`])).status, role).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('training (a student)', () => {
  it('shows the student the sets of their highest level', async () => {
    const res = await call('getMyTrainer', tokens['a.student']);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ level: 'intermediate', stats: [], streak: { days: 0, practisedToday: false }, goal: null });
    expect(res.body.data.sets.map((s: { _id: string }) => s._id)).toEqual([setId]);
    // B's student has no instrument: a beginner.
    expect((await call('getMyTrainer', tokens['b.student'])).body.data.level).toBe('beginner');
  });

  it('asks a question without its answer, and checks the answer on the server', async () => {
    const q = (await call('nextQuestion', tokens['a.student'], { setId })).body.data;
    expect(Object.keys(q).sort()).toEqual(['_id', 'harmonic', 'notes', 'options', 'prompt', 'reference']);
    expect(JSON.stringify(q)).not.toMatch(/item|answer|correct/i);
    expect(q.notes.length).toBeGreaterThanOrEqual(2);
    expect(q.options.length).toBeGreaterThanOrEqual(1);
    const row = await questionRow(q._id);
    const rightKey = row.item.kind === 'chord' ? `chord:${row.item.name}:${row.item.inversion}` : `${row.item.kind}:${row.item.name}`;
    expect(q.options.map((o: { key: string }) => o.key)).toContain(rightKey);

    const res = await call('answerQuestion', tokens['a.student'], { questionId: q._id, answer: rightKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ correct: true, answer: { key: rightKey }, notes: q.notes, harmonic: q.harmonic });
    // SM-2: right the first time, due again in a day.
    expect(new Date(res.body.data.dueAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // Answered once only.
    expect((await call('answerQuestion', tokens['a.student'], { questionId: q._id, answer: rightKey })).status).toBe(409);
  });

  it('marks a wrong answer, shows the right one and brings the item back within minutes', async () => {
    const q = (await call('nextQuestion', tokens['a.student'], { setId })).body.data;
    const res = await call('answerQuestion', tokens['a.student'], { questionId: q._id, answer: 'interval:1P' });
    expect(res.body.data.correct).toBe(false);
    expect(res.body.data.answer.label).toEqual(expect.any(String));
    expect(new Date(res.body.data.dueAt).getTime() - Date.now()).toBeLessThan(10 * 60_000);
    const me = (await call('getMyTrainer', tokens['a.student'])).body.data;
    expect(me.streak).toEqual({ days: 1, practisedToday: true });
    expect(me.stats).toHaveLength(2);
    expect(me.stats[0]).toMatchObject({ tries: 1, right: 0, rightPercent: 0 });
    expect(me.stats[1]).toMatchObject({ tries: 1, right: 1, rightPercent: 100 });
  });

  it('does not serve a set of another level, another student’s question, or bad input', async () => {
    const beginnerSet = (await call('getSets', superadmin, { level: 'beginner' })).body.data.results[0]._id;
    expect((await call('nextQuestion', tokens['a.student'], { setId: beginnerSet })).status).toBe(404);
    const q = (await call('nextQuestion', tokens['a.student'], { setId })).body.data;
    const before = await counts();
    expect((await call('answerQuestion', tokens['b.student'], { questionId: q._id, answer: 'interval:5P' })).status).toBe(404);
    expect((await call('answerQuestion', tokens['a.student'], { questionId: 'nope', answer: 'interval:5P' })).status).toBe(400);
    expect((await call('answerQuestion', tokens['a.student'], { questionId: q._id, answer: '' })).body.errors).toEqual({ answer: M.answerRequired });
    expect((await call('nextQuestion', tokens['a.student'], { setId: 'x' })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('needs a session (401) and is for students (403)', async () => {
    expect((await call('getMyTrainer', undefined)).status).toBe(401);
    expect((await call('nextQuestion', undefined, { setId })).status).toBe(401);
    for (const who of ['a.admin', 'a.teacher', 'a.parent']) {
      expect((await call('getMyTrainer', tokens[who])).status, who).toBe(403);
      expect((await call('nextQuestion', tokens[who], { setId })).status, who).toBe(403);
    }
    expect((await call('nextQuestion', superadmin, { setId })).status).toBe(403);
  });
});

describe('goals (a teacher for their students)', () => {
  it('lets the teacher set a weekly goal the student then sees with its progress', async () => {
    const res = await call('setGoal', tokens['a.teacher'], { studentId: a.student.id, questionsPerWeek: 30 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.goalSaved);
    expect(res.body.data).toMatchObject({ studentId: a.student.id, goal: { questionsPerWeek: 30, answeredThisWeek: 2 }, answered: 2, rightPercent: 50 });
    expect((await call('getMyTrainer', tokens['a.student'])).body.data.goal).toMatchObject({ questionsPerWeek: 30, answeredThisWeek: 2 });
    expect((await call('getGoal', tokens['a.admin'], { studentId: a.student.id })).body.data.goal.questionsPerWeek).toBe(30);
    const removed = await call('setGoal', tokens['a.subadmin'], { studentId: a.student.id, questionsPerWeek: 0 });
    expect(removed.body).toMatchObject({ message: M.goalRemoved, data: { goal: null } });
  });

  it('refuses a teacher another teacher’s student (403), and another school’s student is 404', async () => {
    const before = await counts();
    expect((await call('setGoal', tokens['a.teacher'], { studentId: a.otherStudent.id, questionsPerWeek: 10 })).status).toBe(403);
    expect((await call('getGoal', tokens['a.teacher'], { studentId: a.otherStudent.id })).status).toBe(403);
    expect((await call('setGoal', tokens['a.teacher'], { studentId: b.student.id, questionsPerWeek: 10 })).status).toBe(404);
    expect((await call('setGoal', tokens['a.admin'], { studentId: b.student.id, questionsPerWeek: 10 })).status).toBe(404);
    expect((await call('getGoal', tokens['a.admin'], { studentId: a.teacher.id })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input by field, no session (401) and other roles (403)', async () => {
    const before = await counts();
    const bad = async (body: object) => (await call('setGoal', tokens['a.teacher'], body)).body;
    expect((await bad({ studentId: a.student.id, questionsPerWeek: -1 })).errors).toEqual({ questionsPerWeek: M.goalInvalid });
    expect((await bad({ studentId: a.student.id, questionsPerWeek: 2.5 })).errors).toEqual({ questionsPerWeek: M.goalInvalid });
    expect((await bad({ studentId: 'x', questionsPerWeek: 5 })).errors).toHaveProperty('studentId');
    expect((await call('setGoal', undefined, { studentId: a.student.id, questionsPerWeek: 5 })).status).toBe(401);
    for (const who of ['a.student', 'a.parent']) expect((await call('setGoal', tokens[who], { studentId: a.student.id, questionsPerWeek: 5 })).status, who).toBe(403);
    expect((await call('setGoal', superadmin, { studentId: a.student.id, questionsPerWeek: 5 })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
