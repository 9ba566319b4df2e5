/**
 * Runs named jobs in this process. A job finds its own work in the database and is idempotent,
 * so a trigger may be lost or doubled: the periodic sweep catches what a crash left behind.
 */
export interface JobRunner {
  register(name: string, handler: () => Promise<unknown>, sweepEveryMs?: number): void;
  /** Asks for a run soon; triggers that arrive while one runs fold into one more run. */
  trigger(name: string): void;
  /** Resolves when no job is running or asked for (tests wait on it). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createInProcessJobRunner(onError: (name: string, error: unknown) => void): JobRunner {
  const jobs = new Map<string, { handler: () => Promise<unknown>; running?: Promise<void>; again: boolean }>();
  const timers: NodeJS.Timeout[] = [];
  /** Jobs asked for whose run has not started yet: one run answers all of them. */
  const asked = new Set<string>();
  let stopped = false;

  const run = (name: string) => {
    const job = jobs.get(name);
    if (!job || stopped) return;
    if (job.running) {
      job.again = true;
      return;
    }
    job.running = (async () => {
      do {
        job.again = false;
        try {
          await job.handler();
        } catch (error) {
          onError(name, error);
        }
      } while (job.again && !stopped);
      job.running = undefined;
    })();
  };

  return {
    register(name, handler, sweepEveryMs) {
      jobs.set(name, { handler, again: false });
      if (sweepEveryMs) {
        const timer = setInterval(() => run(name), sweepEveryMs);
        timer.unref();
        timers.push(timer);
      }
    },
    trigger(name) {
      if (asked.has(name)) return;
      asked.add(name);
      setImmediate(() => {
        asked.delete(name);
        run(name);
      });
    },
    async idle() {
      for (;;) {
        await new Promise((r) => setImmediate(r));
        const busy = [...jobs.values()].map((j) => j.running).filter(Boolean);
        if (busy.length === 0 && asked.size === 0) return;
        await Promise.all(busy);
      }
    },
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.all([...jobs.values()].map((j) => j.running));
    },
  };
}
