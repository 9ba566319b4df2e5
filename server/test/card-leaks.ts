import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { SANDBOX_TEST_CARDS } from '../services/payments/sandbox-cards.js';
import { groupCardNumber } from '../../shared/card-text.js';

/**
 * The "no card number anywhere" checks (decision 030), shared by the server test and the end of
 * the e2e run: every table of a database dumped as text, and a search of any text for the
 * published test cards (the whole number, or all of it but the last four) and for card codes.
 */

/** Every table of the database, every row as PostgreSQL writes a row as text (all its columns). */
export async function dumpDatabase(db: Database): Promise<{ tables: number; rows: number; text: string }> {
  return db.transaction({ kind: 'all' }, async (tx) => {
    const { rows: tables } = await tx.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    const parts: string[] = [];
    let rows = 0;
    for (const { table_name } of tables) {
      const { rows: lines } = await tx.execute(sql.raw(`select t::text as line from "${String(table_name)}" t`));
      rows += lines.length;
      parts.push(`## ${String(table_name)}`, ...lines.map((l) => String(l.line)));
    }
    return { tables: tables.length, rows, text: parts.join('\n') };
  });
}

/** A number the sandbox refuses as invalid: the tests type it too. */
export const NOT_A_TEST_CARD = '4242424242424242';

/**
 * What of `numbers` and `codes` shows up in `text`. A code is looked for as a token of its own
 * (not inside an id or a longer number), so use codes that would not occur by chance ('7319', '901').
 */
export function cardSecretsIn(text: string, options: { numbers?: string[]; codes?: string[] } = {}): string[] {
  const numbers = options.numbers ?? [...Object.keys(SANDBOX_TEST_CARDS), NOT_A_TEST_CARD];
  // A number also as typed on the form (decision 074): in its groups, with spaces or with dashes, and all but its last group.
  const written = (n: string) => [' ', '-'].flatMap((sep) => {
    const groups = groupCardNumber(n).split(' ');
    return [groups.join(sep), groups.slice(0, -1).join(sep)];
  });
  const found = numbers.flatMap((n) => [n, n.slice(0, -4), ...written(n)]).filter((s) => text.includes(s));
  for (const code of options.codes ?? []) {
    // A code stands alone, as a value would ("cardCode":"901", code=901). Digits beside a dot,
    // colon, plus, dash or underscore are a timestamp's milliseconds (51.901+00) or a piece of a
    // token (base64url), not a code.
    if (new RegExp(`(?<![0-9A-Za-z.:+_-])${code}(?![0-9A-Za-z.:+_-])`).test(text)) found.push(`card code ${code}`);
  }
  return [...new Set(found)];
}
