import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Queue } from 'bullmq';
import { createTestApp } from '../../test/test-app.js';
import { createBullmqJobRunner, JOB_QUEUE } from './bullmq-runner.js';
import type { JobRunner } from './job-runner.js';
import { patient } from '../../../tests/patience.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

let runners: JobRunner[] = [];
let queueName = '';
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(runners.map((r) => r.stop()));
  runners = [];
});

/** Two app nodes on one queue (a fresh queue name per test keeps tests and runs apart). */
function nodes(count: number, onError: (name: string, error: unknown) => void = (name, error) => { throw new Error(`${name}: ${String(error)}`); }) {
  queueName = `cadenza-test-${randomUUID()}`;
  runners = Array.from({ length: count }, () => createBullmqJobRunner(REDIS_URL!, onError, queueName));
  return runners;
}

/** Waits on state, not on the clock: polls until the check passes or the deadline is reached. */
const until = (check: () => unknown) => vi.waitFor(check, { timeout: patient(10_000), interval: 25 });

describe.skipIf(!REDIS_URL)('BullMQ job runner (TEST_REDIS_URL)', () => {
  it('runs a triggered job once, on one of two nodes', async () => {
    const [a, b] = nodes(2) as [JobRunner, JobRunner];
    const runs: string[] = [];
    a.register('count', async () => void runs.push('a'));
    b.register('count', async () => void runs.push('b'));
    a.trigger('count');
    await a.idle();
    await b.idle();
    expect(runs).toHaveLength(1);
  });

  it('folds triggers of the same moment into one run', async () => {
    const [a] = nodes(1) as [JobRunner];
    let runs = 0;
    a.register('burst', async () => void runs++);
    for (let i = 0; i < 5; i++) a.trigger('burst');
    await a.idle();
    expect(runs).toBe(1);
  });

  it('sweeps on one schedule that two nodes share', async () => {
    const [a, b] = nodes(2) as [JobRunner, JobRunner];
    let runs = 0;
    a.register('sweep', async () => void runs++, 300);
    b.register('sweep', async () => void runs++, 300);
    // One schedule in Redis, keyed by the job's name, whichever node registered it first...
    const queue = new Queue(queueName, { connection: { url: REDIS_URL! } });
    try {
      await until(async () => expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual(['sweep']));
    } finally {
      await queue.close();
    }
    // ...and it runs, again and again.
    await until(() => expect(runs).toBeGreaterThanOrEqual(3));
  });

  it('reports a failing job by name and keeps going', async () => {
    const errors: string[] = [];
    const [a] = nodes(1, (name) => errors.push(name)) as [JobRunner];
    let runs = 0;
    a.register('flaky', async () => {
      runs += 1;
      if (runs === 1) throw new Error('down');
    });
    // A trigger's job id names its second: the clock (only Date) moves on instead of the test waiting.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:00:00Z') });
    a.trigger('flaky');
    await until(() => expect(errors).toEqual(['flaky']));
    await a.idle();
    vi.setSystemTime(new Date('2026-03-02T10:00:01Z'));
    a.trigger('flaky');
    await a.idle();
    expect(runs).toBe(2);
  });

  it('is the app’s runner when REDIS_URL is set: the sweeps are schedules in Redis', async () => {
    const t = await createTestApp({ REDIS_URL });
    const queue = new Queue(JOB_QUEUE, { connection: { url: REDIS_URL! } });
    try {
      await until(async () => {
        const names = (await queue.getJobSchedulers()).map((j) => j.key);
        expect(names).toEqual(expect.arrayContaining(['deliver-emails', 'send-lesson-reminders', 'send-credit-reminders', 'extend-lesson-series']));
      });
    } finally {
      await queue.close();
      await t.close();
    }
  });
});
