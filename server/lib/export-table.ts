import type { SQL } from 'drizzle-orm';

/**
 * One CSV of a data export (decision 092): which table, which columns under which names, and which
 * rows a personal export keeps. The column names are the archive's promise to whoever reads it:
 * they change only with a new README and a decision, never with the table.
 */
export type ExportColumn = {
  /** The header of the CSV: the table's column name, or a name of its own for a computed one. */
  name: string;
  /** What the README says of it, besides what its name's ending says (see the README's rules). */
  about?: string;
  /** The SQL value over the table's alias `t`; the column `t.<name>` by default. */
  sql?: string;
  /** An instant: written as UTC ISO 8601. */
  instant?: boolean;
  /** The value in a personal export, where it differs (a teacher's private note left out). */
  mineSql?: string;
  /** The name's ending says nothing of it (`notifications_on` is a switch, not a date). */
  plain?: boolean;
};

export type ExportTable = {
  /** The CSV's name in the archive, and its heading in the README. */
  file: string;
  /** The SQL table, read as `t`. */
  table: string;
  about: string;
  /**
   * The columns that order the rows and page through them (uuid columns, the table's unique key),
   * so a table of millions is read a page at a time in short transactions.
   */
  key: readonly string[];
  columns: readonly ExportColumn[];
  /**
   * How the school's rows are chosen besides row-level security: `t.admin_id = school` by
   * default; a table of every school's shared rows (genres) says 'shared'.
   */
  school?: 'own' | 'shared' | ((school: SQL) => SQL);
  /**
   * The rows of a personal export: a condition over `t` given the people (a uuid[] value: the
   * person and, for a parent, their children). Absent: the table is not in a personal export.
   */
  mine?: (people: SQL) => SQL;
};

/** A column; `about` only where the name's ending does not say it all. */
export const col = (name: string, about?: string, more: Omit<ExportColumn, 'name' | 'about'> = {}): ExportColumn => ({ name, about, ...more });
/** An instant column (`*_at`): UTC ISO 8601 in the CSV. */
export const at = (name: string, about?: string): ExportColumn => ({ name, about, instant: true });
