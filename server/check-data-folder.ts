/**
 * `npm start` runs this before the build: a second start on a data folder that a running server
 * holds stops here, in a second, instead of after building the web app (main.ts checks again,
 * and takes the lock).
 */
import { readConfig } from './config.js';
import { heldMessage, lockHolder } from './data-dir-lock.js';

const config = readConfig();
const holder = config.databaseUrl ? null : lockHolder(config.dataDir);
if (holder !== null) {
  console.error(heldMessage(config.dataDir, holder));
  process.exit(1);
}
