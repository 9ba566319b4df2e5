/** Cadenza itself for `npm run bench`, on BENCH_DATABASE_URL, in a process of its own. */
import { buildApp } from '../server/app.js';
import { readConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { createServices } from '../server/services/create-services.js';
import { watchPauses } from './pause-monitor.js';

watchPauses(process.env.BENCH_PAUSES);

const config = readConfig({ ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL, LOG_LEVEL: 'silent', TRUST_PROXY: '1' });
const db = await openDatabase({ url: config.databaseUrl, poolSize: 20 });
const services = createServices(config, db, { info: () => {}, error: (e) => console.error(e) });
// The API runs serve no files; the Lighthouse run's own instance serves the build (BENCH_SERVE_WEB).
const app = await buildApp(services, { logger: false, serveWeb: process.env.BENCH_SERVE_WEB === '1' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);

// Stopped by the bench: a normal exit, so that --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));
