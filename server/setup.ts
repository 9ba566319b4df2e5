/**
 * `npm run setup -- --email you@example.com [--username superadmin] [--first-name …] [--last-name …]`
 * makes the first superadmin of a database without the demo. The password never rides in the
 * arguments (anyone on the machine can read them with ps): it comes from CADENZA_SUPERADMIN_PASSWORD
 * or standard input (typed without echo at a terminal, or piped).
 */
import { parseArgs } from 'node:util';
import { readConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { heldMessage, lockDataDir } from './data-dir-lock.js';
import { createFirstSuperadmin, refusalOfFirstSuperadmin } from './first-superadmin.js';
import { readSecret } from './read-secret.js';

const { values: args } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string', default: 'superadmin' },
    'first-name': { type: 'string', default: 'Platform' },
    'last-name': { type: 'string', default: 'Administrator' },
  },
});
const email = args.email ?? process.env.CADENZA_SUPERADMIN_EMAIL;
if (!email) {
  console.error('Usage: npm run setup -- --email you@example.com [--username superadmin] [--first-name …] [--last-name …]\n' +
    'The password comes from CADENZA_SUPERADMIN_PASSWORD or standard input.');
  process.exit(2);
}

const config = readConfig();
const usesPglite = !config.databaseUrl;
let release = () => {};
if (usesPglite) {
  const lock = lockDataDir(config.dataDir);
  if ('heldBy' in lock) {
    console.error(heldMessage(config.dataDir, lock.heldBy));
    process.exit(1);
  }
  release = lock.release;
}

const password = process.env.CADENZA_SUPERADMIN_PASSWORD ?? await readSecret('Password of the superadmin: ');
const input = { email, username: args.username, firstName: args['first-name'], lastName: args['last-name'], password };
// A weak password or a bad email is said at once, before a new database is made and migrated.
const refusal = refusalOfFirstSuperadmin(input);
if (refusal) {
  console.error(refusal);
  release();
  process.exit(1);
}
const db = await openDatabase({ url: config.databaseUrl, dataDir: usesPglite ? `${config.dataDir}/pglite` : undefined, poolSize: 2 });
try {
  await db.migrate();
  const result = await createFirstSuperadmin(db, input);
  if (result.created) {
    console.log(`Superadmin ${result.username} created: sign in at ${config.appUrl}/login`);
  } else {
    console.error(result.reason);
    process.exitCode = 1;
  }
} finally {
  await db.close();
  release();
}
