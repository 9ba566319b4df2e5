import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { RateLimits } from './services/rate-limits/rate-limits.js';
import type { Mailer } from './services/email/mailer.js';
import type { JobRunner } from './services/jobs/job-runner.js';

/** The long-lived parts the app is built from; tests build their own. */
export type AppServices = {
  config: Config;
  db: Database;
  mailer: Mailer;
  jobs: JobRunner;
  rateLimits: RateLimits;
  /** Answers when Redis is configured; health reports it. */
  pingRedis?: () => Promise<void>;
};
