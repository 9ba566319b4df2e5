import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { AppServices } from '../context.js';
import type { Database } from '../db/client.js';
import { createRateLimits } from './rate-limits/rate-limits.js';
import { createOutboxMailer } from './email/outbox-mailer.js';
import { createSmtpMailer } from './email/smtp-mailer.js';
import type { Mailer } from './email/mailer.js';
import { deliverPendingEmails } from './email/deliver-pending-emails.js';
import { DELIVER_EMAILS_JOB } from './email/queue-email.js';
import { loggableError } from '../db/loggable-error.js';
import { createInProcessJobRunner } from './jobs/job-runner.js';
import { createBullmqJobRunner } from './jobs/bullmq-runner.js';
import { createStorage } from './storage/create-storage.js';
import { createFileLinkSigner } from './storage/signed-links.js';
import { encryptionKeyOf } from '../lib/secret-box.js';
import { wallClock } from '../lib/school-clock.js';

import type { Logger } from './logger.js';

export type { Logger };

/** Picks each adapter from the settings: Redis and SMTP when configured, in-process otherwise. */
export function createServices(config: Config, sharedDb: Database, log: Logger, mailer?: Mailer): AppServices & { close(): Promise<void> } {
  const mail = mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer((l) => log.info(l)));
  // ioredis reports every reconnect attempt; once a minute is enough for the log.
  let lastRedisError = 0;
  const onRedisError = (error: Error) => {
    if (Date.now() - lastRedisError < 60_000) return;
    lastRedisError = Date.now();
    log.error({ err: error }, 'Redis is unreachable');
  };
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true }) : undefined;
  redis?.on('error', onRedisError);
  const rateLimits = createRateLimits({ redis });
  const onJobError = (name: string, error: unknown) => log.error({ err: loggableError(error) }, `job ${name} failed`);
  // BullMQ shares one schedule between app nodes when Redis is there (decision 003).
  const jobs = config.redisUrl ? createBullmqJobRunner(config.redisUrl, onJobError) : createInProcessJobRunner(onJobError);
  // This app's transactions wake this app's jobs once they commit (decision 020).
  const db = sharedDb.withJobStarter((job) => jobs.trigger(job));
  const storage = createStorage(config);
  jobs.register(DELIVER_EMAILS_JOB, () => deliverPendingEmails(db, mail, storage), 30_000);
  return {
    config,
    db,
    mailer: mail,
    jobs,
    rateLimits,
    log,
    clock: wallClock,
    storage,
    fileLinks: createFileLinkSigner(encryptionKeyOf(config)),
    pingRedis: redis ? async () => { await redis.ping(); } : undefined,
    async close() {
      await jobs.stop();
      await mail.close();
      redis?.disconnect();
    },
  };
}
