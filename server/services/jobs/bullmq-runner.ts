import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { JobRunner } from './job-runner.js';

export const JOB_QUEUE = 'cadenza-jobs';
const CLOSE_WAIT_MS = 2000;

/**
 * The JobRunner on BullMQ (REDIS_URL, decision 003): one queue and one worker per app node. A
 * sweep is a job scheduler keyed by the job's name, so N nodes share one schedule instead of
 * sweeping N times; a trigger is a job whose id folds the triggers of the same moment into one.
 * Jobs stay idempotent: BullMQ delivers at least once.
 */
export function createBullmqJobRunner(redisUrl: string, onError: (name: string, error: unknown) => void, queueName = JOB_QUEUE): JobRunner {
  // Adding jobs fails fast while Redis is away (the sweep of the database catches up); the
  // worker's blocking connection must wait instead, as BullMQ requires.
  const queueConnection: ConnectionOptions = { url: redisUrl, maxRetriesPerRequest: 1 };
  const workerConnection: ConnectionOptions = { url: redisUrl, maxRetriesPerRequest: null };
  const handlers = new Map<string, () => Promise<unknown>>();
  const running = new Set<Promise<unknown>>();
  const queue = new Queue(queueName, { connection: queueConnection, defaultJobOptions: { removeOnComplete: true, removeOnFail: 100 } });
  const worker = new Worker(queueName, async (job) => {
    const handler = handlers.get(job.name);
    // A job taken while this node stops is dropped: the next sweep does its work.
    if (!handler || stopped) return;
    const run = handler().catch((error) => onError(job.name, error));
    running.add(run);
    await run.finally(() => running.delete(run));
  }, { connection: workerConnection, concurrency: 4 });
  // A lost connection is reported by ioredis and retried; the runner keeps going.
  queue.on('error', (error) => onError('queue', error));
  worker.on('error', (error) => onError('worker', error));
  const pending = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const t = p.catch((error) => onError('queue', error)).finally(() => pending.delete(t));
    pending.add(t);
  };
  /** Triggers of this tick: one job answers all of them. */
  const asked = new Set<string>();
  let stopped = false;

  return {
    register(name, handler, sweepEveryMs) {
      handlers.set(name, handler);
      if (sweepEveryMs) track(queue.upsertJobScheduler(name, { every: sweepEveryMs }, { name }));
    },
    trigger(name) {
      if (stopped || asked.has(name)) return;
      asked.add(name);
      setImmediate(() => {
        asked.delete(name);
        // Triggers within the same second, from any node, share a job id while it waits.
        track(queue.add(name, {}, { jobId: `${name}-${Math.floor(Date.now() / 1000)}` }));
      });
    },
    async idle() {
      for (;;) {
        await new Promise((r) => setImmediate(r));
        await Promise.all([...pending]);
        const counts = await queue.getJobCounts('active', 'waiting', 'prioritized');
        if (pending.size === 0 && asked.size === 0 && Object.values(counts).every((n) => n === 0)) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      stopped = true;
      // Stop taking jobs and let this node's runs end before the database closes; a Redis
      // that is gone must not make closing hang.
      await withinCloseWait(worker.close());
      await Promise.all([...running]);
      await withinCloseWait(queue.close());
    },
  };
}

async function withinCloseWait(closing: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise((r) => { timer = setTimeout(r, CLOSE_WAIT_MS); });
  await Promise.race([closing.catch(() => {}), giveUp]);
  clearTimeout(timer);
}
