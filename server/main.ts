import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed-demo.js';
import { heldMessage, lockDataDir } from './data-dir-lock.js';
import { createServices } from './services/create-services.js';
import { prepareDatabase } from './prepare-database.js';
import { NIGHTLY_BACKUP_JOB, NIGHTLY_SWEEP_MS, runNightlyBackup, serveBackups } from './backup/index.js';

const config = readConfig();
const usesPglite = !config.databaseUrl;

let releaseLock = () => {};
if (usesPglite) {
  const lock = lockDataDir(config.dataDir);
  if ('heldBy' in lock) {
    console.error(heldMessage(config.dataDir, lock.heldBy));
    process.exit(1);
  }
  releaseLock = lock.release;
}

const db = await openDatabase({ url: config.databaseUrl, dataDir: usesPglite ? `${config.dataDir}/pglite` : undefined, poolSize: config.dbPoolSize });
const { seeded, needsSuperadmin } = await prepareDatabase(db, config);

const log = {
  info: (msg: string) => console.log(msg),
  error: (obj: unknown, msg?: string) => console.error(msg ?? 'error', obj),
};
const services = createServices(config, db, log);
const app = await buildApp(services, { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
services.jobs.trigger('deliver-emails');

// The embedded database is backed up by this process, the only one that may open it (decision 085).
const backupSocket = usesPglite ? await serveBackups({ snapshot: () => db.snapshot(), dataDir: config.dataDir }, (error) => log.error(error, 'A backup failed')) : undefined;
if (usesPglite && config.backups.keepDays > 0) {
  services.jobs.register(NIGHTLY_BACKUP_JOB, () => runNightlyBackup({ snapshot: () => db.snapshot(), dataDir: config.dataDir }, config.backups, services.clock.now(null)), NIGHTLY_SWEEP_MS);
  services.jobs.trigger(NIGHTLY_BACKUP_JOB);
}

if (!usesPglite && !config.encryptionKey) {
  // Every node would make a key of its own, and one node could not read what another stored.
  console.warn('ENCRYPTION_KEY is not set: stored secrets use a key kept in DATA_DIR on this node only. Set the same ENCRYPTION_KEY on every node (see README).');
}
console.log(`\n🎵 Cadenza is running at ${config.appUrl}  (database: ${db.engine}${usesPglite ? `, ${config.dataDir}` : ''})`);
if (config.seedDemo) {
  console.log(`${seeded ? 'Demo data created. ' : ''}Demo logins (password ${DEMO_PASSWORD}):`);
  for (const l of DEMO_LOGINS) console.log(`  ${l.username.padEnd(15)} ${l.who}`);
}
if (needsSuperadmin) console.log('No superadmin yet: create one with `npm run setup -- --email you@example.com` (see README).');
if (!config.smtpUrl) console.log('No SMTP_URL: emails are kept in the outbox and printed here.');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping Cadenza…`);
  await app.close();
  backupSocket?.close();
  await services.close();
  await db.close();
  releaseLock();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
