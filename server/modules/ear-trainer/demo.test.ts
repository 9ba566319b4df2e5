import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../demo.js';
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
