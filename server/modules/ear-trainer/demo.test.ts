import { count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earTrainerGoals, earTrainerProgress, earTrainerQuestions, earTrainerSets } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../db/seed-demo.js';
import { seedDemoIfEmpty, seedDemoSchool } from '../../demo.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

describe("the demo's ear trainer", () => {
  it('has a set for each level, and Lily’s history shows a streak, weak spots and Sofia’s goal', async () => {
    const superadmin = await signIn(t, 'superadmin', DEMO_PASSWORD);
    const sets = (await t.call('POST', '/api/earTrainer/getSets', { token: superadmin, body: {} })).body.data;
    expect(sets.results.map((s: { level: string }) => s.level)).toEqual(['beginner', 'intermediate', 'advanced']);

    const lily = await signIn(t, 'student', DEMO_PASSWORD);
    const mine = (await t.call('POST', '/api/earTrainer/getMyTrainer', { token: lily, body: {} })).body.data;
    expect(mine.level).toBe('intermediate');
    expect(mine.sets.map((s: { name: string }) => s.name)).toEqual(['Intervals, sevenths and modes']);
    expect(mine.streak.days).toBeGreaterThanOrEqual(8);
    expect(mine.stats).toHaveLength(6);
    expect(mine.stats.reduce((n: number, s: { tries: number }) => n + s.tries, 0)).toBe(53);
    expect(mine.stats[0].label).toMatch(/Tritone|Minor sixth/);
    expect(mine.goal.questionsPerWeek).toBe(40);
  });
});

// A browser spec's own school (docs/decisions/064-each-browser-spec-on-its-own-school.md).
describe("the ear trainer of a spec's own school", () => {
  type Counted = typeof earTrainerQuestions | typeof earTrainerProgress | typeof earTrainerGoals;
  const countOf = (table: Counted | typeof earTrainerSets, where?: ReturnType<typeof eq>) =>
    t.db.transaction({ kind: 'all' }, async (tx) => (await tx.select({ n: count() }).from(table).where(where))[0]!.n);
  const outside = (table: Counted, adminId: string) => countOf(table, ne(table.adminId, adminId));
  const trainerOf = async (username: string) => {
    const token = await signIn(t, username, DEMO_PASSWORD);
    return (await t.call('POST', '/api/earTrainer/getMyTrainer', { token, body: {} })).body.data;
  };

  it('gives its Lily the demo Lily’s history and goal, on the provider’s sets, and seeds nothing outside it', async () => {
    const tables = [earTrainerQuestions, earTrainerProgress, earTrainerGoals] as const;
    const before = await Promise.all(tables.map((table) => countOf(table)));
    const sets = await countOf(earTrainerSets);

    const school = await seedDemoSchool(t.db, 'e1', secretBoxOf(t.services.config));
    const mine = await trainerOf(school.logins.student!);
    expect(mine.level).toBe('intermediate');
    expect(mine.sets.map((s: { name: string }) => s.name)).toEqual(['Intervals, sevenths and modes']);
    expect(mine.streak.days).toBeGreaterThanOrEqual(8);
    expect(mine.stats.reduce((n: number, s: { tries: number }) => n + s.tries, 0)).toBe(53);
    expect(mine.stats[0].label).toMatch(/Tritone|Minor sixth/);
    expect(mine.goal.questionsPerWeek).toBe(40);

    // The provider's sets are not seeded again; every row outside the new school is as it was.
    expect(await countOf(earTrainerSets)).toBe(sets);
    expect(await Promise.all(tables.map((table) => outside(table, school.adminId)))).toEqual(before);
    expect((await trainerOf('student')).stats.reduce((n: number, s: { tries: number }) => n + s.tries, 0)).toBe(53);
  });
});
