import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { RateLimits } from './services/rate-limits/rate-limits.js';
import type { Mailer } from './services/email/mailer.js';
import type { JobRunner } from './services/jobs/job-runner.js';
import type { FileStorage } from './services/storage/storage.js';
import type { FileLinkSigner } from './services/storage/signed-links.js';
import type { Logger } from './services/logger.js';
import type { SchoolClock } from './lib/school-clock.js';
import type { HostLookup } from './lib/public-address.js';

/** The long-lived parts the app is built from; tests build their own. */
export type AppServices = {
  config: Config;
  db: Database;
  mailer: Mailer;
  jobs: JobRunner;
  rateLimits: RateLimits;
  /** Uploaded files: DATA_DIR/uploads or an S3-compatible bucket. */
  storage: FileStorage;
  /** Signs and checks the expiring links that stream those files. */
  fileLinks: FileLinkSigner;
  /** A school's "now" (decision 067): the wall clock; only the test server's own door sets another. */
  clock: SchoolClock;
  /** The app's log for work outside a request (jobs, after-commit sends). */
  log: Logger;
  /**
   * Resolves the host names of addresses people give the server to post to (web push's push
   * services; decision 068). Unset, the system's resolver; the tests' app answers its own names.
   */
  lookupHost?: HostLookup;
  /** Answers when Redis is configured; health reports it. */
  pingRedis?: () => Promise<void>;
};
