import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessJobRunner, type JobRunner } from './job-runner.js';
import { patient } from '../../../tests/patience.js';

/** A promise the test resolves by hand, to hold a job in the middle of its run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const nextTick = () => new Promise((r) => setImmediate(r));

let runner: JobRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

function newRunner(onError: (name: string, error: unknown) => void = () => {}) {
  runner = createInProcessJobRunner(onError);
  return runner;
}

describe('in-process job runner', () => {
  it('runs a triggered job once, after the caller returns', async () => {
    const jobs = newRunner();
    let runs = 0;
    jobs.register('count', async () => void runs++);
    jobs.trigger('count');
    expect(runs).toBe(0);
    await jobs.idle();
    expect(runs).toBe(1);
  });

  it('folds triggers that arrive during a run into exactly one more run', async () => {
    const jobs = newRunner();
    const first = gate();
    let runs = 0;
    jobs.register('fold', async () => {
      runs += 1;
      if (runs === 1) await first.opened;
    });
    jobs.trigger('fold');
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: patient(1000) });
    jobs.trigger('fold');
    jobs.trigger('fold');
    jobs.trigger('fold');
    await nextTick();
    first.open();
    await jobs.idle();
    expect(runs).toBe(2);
  });

  it('folds triggers of the same moment into one run', async () => {
    const jobs = newRunner();
    let runs = 0;
    jobs.register('burst', async () => void runs++);
    for (let i = 0; i < 10; i++) jobs.trigger('burst');
    await jobs.idle();
    expect(runs).toBe(1);
  });

  it('reports a failing run with the job name and keeps the job usable', async () => {
    const errors: [string, unknown][] = [];
    const jobs = newRunner((name, error) => errors.push([name, error]));
    let runs = 0;
    jobs.register('flaky', async () => {
      runs += 1;
      if (runs === 1) throw new Error('smtp is down');
    });
    jobs.trigger('flaky');
    await jobs.idle();
    expect(errors).toHaveLength(1);
    expect(errors[0]![0]).toBe('flaky');
    expect((errors[0]![1] as Error).message).toBe('smtp is down');
    jobs.trigger('flaky');
    await jobs.idle();
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('idle() resolves at once when nothing runs, and ignores unknown job names', async () => {
    const jobs = newRunner();
    jobs.trigger('no-such-job');
    await expect(jobs.idle()).resolves.toBeUndefined();
  });

  it('idle() waits for a run in progress', async () => {
    const jobs = newRunner();
    const hold = gate();
    let finished = false;
    jobs.register('slow', async () => {
      await hold.opened;
      finished = true;
    });
    jobs.trigger('slow');
    let idle = false;
    const waiting = jobs.idle().then(() => (idle = true));
    await nextTick();
    await nextTick();
    expect(idle).toBe(false);
    hold.open();
    await waiting;
    expect(finished).toBe(true);
  });

  it('idle() also waits for a job that another job triggered as it ended', async () => {
    const jobs = newRunner();
    let secondRan = false;
    jobs.register('second', async () => void (secondRan = true));
    jobs.register('first', async () => jobs.trigger('second'));
    jobs.trigger('first');
    await jobs.idle();
    expect(secondRan).toBe(true);
  });

  it('sweeps a job on its interval without any trigger', async () => {
    const jobs = newRunner();
    let runs = 0;
    jobs.register('sweep', async () => void runs++, 5);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: patient(2000), interval: 5 });
  });

  it('stop() waits for the running job and then runs nothing more', async () => {
    const jobs = newRunner();
    const hold = gate();
    let runs = 0;
    let finished = false;
    jobs.register('work', async () => {
      runs += 1;
      await hold.opened;
      finished = true;
    });
    jobs.trigger('work');
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: patient(1000) });
    const stopping = jobs.stop();
    hold.open();
    await stopping;
    expect(finished).toBe(true);
    jobs.trigger('work');
    await nextTick();
    await jobs.idle();
    expect(runs).toBe(1);
  });
});
