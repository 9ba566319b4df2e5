import type { ExportColumn, ExportTable } from '../../lib/export-table.js';
import type { DataExportScope } from '../../../shared/contracts/data-export.js';

export const README_NAME = 'README.md';

/** What a column's name says by its ending (the README's rules, written once). */
function meaningOfName(name: string): string {
  if (name === 'id') return 'this row\'s id (a UUID)';
  if (name.endsWith('_ids')) return 'ids (UUIDs) of rows of other files, as a list';
  if (name.endsWith('_id')) return 'the id (a UUID) of a row of another file';
  if (name.endsWith('_at')) return 'an instant, UTC (ISO 8601)';
  if (name.endsWith('_on') || name === 'period_from' || name === 'period_to') return 'a date on the school\'s calendar (YYYY-MM-DD)';
  if (name.endsWith('_cents')) return 'an amount in cents of the currency (1250 is 12.50)';
  return '';
}

/** The name's rule and the column's own words; a column with neither is read by its name ("postal code"). */
function describeColumn(column: ExportColumn): string {
  const words = [column.plain ? '' : meaningOfName(column.name), column.about].filter(Boolean).join('; ');
  return words || column.name.replace(/_/g, ' ');
}

function tableSection(table: ExportTable): string {
  const rows = table.columns.map((c) => `| \`${c.name}\` | ${describeColumn(c).replace(/\|/g, '\\|')} |`);
  return [`### ${table.file}`, '', table.about, '', '| column | meaning |', '|---|---|', ...rows, ''].join('\n');
}

/**
 * The README inside every archive (decision 092): what the archive is, the rules every file
 * follows, then each file's columns. Written from the same list the CSVs are, so it never
 * describes a column the archive lacks.
 */
export function exportReadme(options: { scope: DataExportScope; schoolName: string; madeAt: Date; tables: readonly ExportTable[]; missingFiles: number }): string {
  const whose = options.scope === 'school'
    ? `everything of ${options.schoolName}`
    : `your own records at ${options.schoolName} (a parent's export holds their children's too)`;
  return [
    '# Cadenza data export',
    '',
    `This archive holds ${whose}, as of ${options.madeAt.toISOString()} (UTC).`,
    '',
    '## How it is laid out',
    '',
    '- One CSV file a table (RFC 4180: commas, double quotes around a value that holds a comma, a quote or a line break; UTF-8; lines end with CRLF).',
    '  The first line names the columns; the names stay the same from one export to the next.',
    '- `files/<id>/<name>`: each uploaded file, under its row in `library_files.csv` (its `archive_path`).',
    '- Rows point at each other by id: a `student_id` is the `id` of a row of `users.csv`, a `lesson_id` of `lessons.csv`, and so on.',
    '- Empty means no value. `true` and `false` are yes and no. Text that starts with `=`, `+`, `-` or `@` has a `\'` before it, so that a spreadsheet shows it as text rather than running it.',
    '- Times are instants in UTC (ISO 8601, ending in `Z`); the school\'s time zone is in `school.csv`. Dates (`..._on`) are days on the school\'s calendar.',
    '- Money is whole cents of the currency in `billing_settings.csv` (or the row\'s own `currency`): 1250 is 12.50.',
    '',
    '## What is not in it',
    '',
    'Passwords, sign-in sessions and tokens, the secret links of invoices and calendars, saved cards, the payment gateway\'s keys and customer profiles, and the bodies of sent emails (they carry personal sign-in and pay links).',
    'Card numbers and card codes are never kept by Cadenza at all: a payment shows only its card\'s brand and last four digits.',
    ...(options.missingFiles > 0 ? ['', `${options.missingFiles} uploaded file(s) could not be read from storage and are missing from \`files/\`.`] : []),
    '',
    '## The files',
    '',
    ...options.tables.map(tableSection),
  ].join('\n');
}
