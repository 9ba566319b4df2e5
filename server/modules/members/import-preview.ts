import type { ImportPreview } from '../../../shared/contracts/members.js';
import { problemsOf, type ImportFile, type JudgedRow } from './import-rows.js';

/**
 * Any list's preview (decisions 094, 095, 099): every row with its errors, in words too; nothing is
 * saved. `ready` is a row that the import would write.
 */
export function presentPreview<R extends JudgedRow>(rows: R[], file: ImportFile, ready: (row: R) => boolean): ImportPreview {
  const validCount = rows.filter(ready).length;
  const skippedCount = rows.filter((r) => r.skipped).length;
  return {
    rows: rows.map((r) => ({
      line: r.line, first_name: r.first_name, last_name: r.last_name, email: r.email, parentEmail: r.parentEmail, errors: r.errors,
      problems: problemsOf(r.errors, file.columnNames),
      ...(r.skipped ? { skipped: true } : {}),
      ...(r.inactive ? { inactive: true } : {}),
      ...(r.lesson ? { lesson: r.lesson } : {}),
    })),
    validCount,
    errorCount: rows.length - validCount - skippedCount,
    skippedCount,
  };
}
