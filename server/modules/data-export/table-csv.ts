import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { csvCell } from '../../lib/csv.js';
import type { ExportColumn, ExportTable } from '../../lib/export-table.js';

/** Rows read a statement: a page small enough to keep a transaction short, big enough to be few. */
export const EXPORT_PAGE_ROWS = 2000;

/** Whose rows an export reads: the school, and for a personal export its people (a uuid[] value). */
export type ExportReach = { adminId: string; people: string[] | null };

/** A uuid[] value of the people, as one parameter. */
export const peopleArray = (people: readonly string[]): SQL => sql`${`{${people.join(',')}}`}::uuid[]`;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function valueSql(column: ExportColumn, personal: boolean): string {
  const expression = (personal ? column.mineSql : undefined) ?? column.sql ?? `t.${quoted(column.name)}`;
  // Instants in UTC, whatever the connection's zone; everything else as PostgreSQL writes it as text.
  return column.instant
    ? `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `(${expression})::text`;
}

/** A number stays a number; any other text gets csvCell's guard against spreadsheet formulas. */
export function exportCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? text : csvCell(text);
}

/** The WHERE of one table's rows for this reach, without the page's keyset. */
function rowsOf(table: ExportTable, reach: ExportReach): SQL {
  const school = sql`${reach.adminId}::uuid`;
  const rule = table.school ?? 'own';
  const ofSchool = rule === 'shared' ? sql`true` : rule === 'own' ? sql`t.admin_id = ${school}` : rule(school);
  if (!reach.people) return ofSchool;
  if (!table.mine) return sql`false`;
  return sql`${ofSchool} and ${table.mine(peopleArray(reach.people))}`;
}

function pageSql(table: ExportTable, reach: ExportReach, after: string[] | null): SQL {
  const personal = reach.people !== null;
  const values = table.columns.map((c, i) => `${valueSql(c, personal)} as "c${i}"`);
  const keys = table.key.map((k, i) => `t.${quoted(k)}::text as "k${i}"`);
  const keyList = table.key.map((k) => `t.${quoted(k)}`).join(', ');
  const afterSql = after
    ? sql` and (${sql.raw(keyList)}) > (${sql.join(after.map((v) => sql`${v}::uuid`), sql`, `)})`
    : sql``;
  return sql`select ${sql.raw([...values, ...keys].join(', '))} from ${sql.raw(quoted(table.table))} t
    where ${rowsOf(table, reach)}${afterSql} order by ${sql.raw(keyList)} limit ${EXPORT_PAGE_ROWS}`;
}

/**
 * One table as CSV lines (CRLF, RFC 4180), a page of rows at a time: each page is its own short
 * transaction in the school's scope (row-level security the second wall behind the WHERE), so
 * a live server keeps answering while a big table is read.
 */
export async function* tableCsv(db: Database, table: ExportTable, reach: ExportReach): AsyncGenerator<string> {
  yield `${table.columns.map((c) => exportCell(c.name)).join(',')}\r\n`;
  let after: string[] | null = null;
  for (;;) {
    const query = pageSql(table, reach, after);
    const { rows } = await db.transaction({ kind: 'school', adminId: reach.adminId }, (tx) => tx.execute(query));
    if (rows.length === 0) return;
    yield rows.map((row) => `${table.columns.map((_, i) => exportCell(row[`c${i}`])).join(',')}\r\n`).join('');
    if (rows.length < EXPORT_PAGE_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = table.key.map((_, i) => String(last[`k${i}`]));
  }
}

