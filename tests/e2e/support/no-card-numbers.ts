/**
 * The run's last check (playwright.config.ts `globalTeardown`, which Playwright runs before it
 * stops the web server): whatever the specs typed on the pay page and the saved-card forms, no
 * test card number and no card code they used is in the e2e server's database (every table, as
 * text, from serve.ts's test-only dump) or in its log (test-results/e2e-server.log, every request).
 */
import { existsSync, readFileSync } from 'node:fs';
import { cardSecretsIn } from '../../../server/test/card-leaks';
import { DB_DUMP_URL, FAILING_CARD_CODE, SERVER_LOG, TEST_CARD_CODE } from './constants';

export default async function noCardNumbersAfterTheRun(): Promise<void> {
  const res = await fetch(DB_DUMP_URL);
  if (!res.ok) throw new Error(`The e2e server's database dump answered ${res.status}: ${await res.text()}`);
  const dump = await res.text();
  const tables = Number(res.headers.get('x-tables'));
  // The dump is the whole database, not an empty answer that would pass any search.
  if (tables < 30 || !dump.includes('## payments') || !dump.includes('## users')) throw new Error(`The e2e database dump looks incomplete (${tables} tables)`);
  if (!existsSync(SERVER_LOG)) throw new Error(`The e2e server wrote no log at ${SERVER_LOG}`);
  const log = readFileSync(SERVER_LOG, 'utf8');
  if (!log.includes('request completed')) throw new Error('The e2e server log holds no request: it is not the log of this run');
  const codes = [TEST_CARD_CODE, FAILING_CARD_CODE];
  const leaks = [
    ...cardSecretsIn(dump, { codes }).map((s) => `the database holds ${s}`),
    ...cardSecretsIn(log, { codes }).map((s) => `the server log holds ${s}`),
  ];
  if (leaks.length > 0) throw new Error(`Card data where none may be: ${leaks.join('; ')}`);
  console.log(`No card number or card code in the e2e server's database (${tables} tables, ${res.headers.get('x-rows')} rows) or its log (${log.split('\n').length} lines).`);
}
