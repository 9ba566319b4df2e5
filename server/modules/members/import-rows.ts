import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { genres, parentChildren, users } from '../../db/schema/index.js';
import { fieldError } from '../../lib/http-errors.js';
import {
  ANY_IMPORT_COLUMNS, IMPORT_COLUMN_LABELS, IMPORT_COLUMNS_OF, IMPORT_KIND_LABELS, IMPORT_MAX_ROWS, MAPPED_COLUMNS_NEEDED_OF, MEMBER_MESSAGES, isActiveWord,
  newParentInput, studentForm,
  type ImportColumn, type ImportKind, type ImportPreviewRow, type ImportSource,
} from '../../../shared/contracts/members.js';
import { LEVELS, type Level } from '../../../shared/constants.js';
import { parseCsvRecords } from '../../lib/csv.js';
import { takenUsernames } from '../auth/index.js';
import { columnNamesOf, neededHeaders, usernameCandidates, usernamePicker, type ColumnNames } from './import-sources.js';

export const IMPORT_MESSAGES = {
  columns: 'The file needs a header row with the columns first_name, last_name, username and email',
  sourceColumns: (headers: string[]) => `The file needs a header row with the columns ${headers.join(', ')}`,
  empty: 'The file has no students',
  tooMany: `The file may hold ${IMPORT_MAX_ROWS} students at most`,
  /** Our own lessons file's header (decision 099). */
  lessonColumns: `The file needs a header row with the columns ${MAPPED_COLUMNS_NEEDED_OF.lessons.join(', ')}`,
  emptyOf: (kind: ImportKind) => `The file has no ${IMPORT_KIND_LABELS[kind].many.toLowerCase()}`,
  tooManyOf: (kind: ImportKind) => `The file may hold ${IMPORT_MAX_ROWS} ${IMPORT_KIND_LABELS[kind].many.toLowerCase()} at most`,
  repeatedUsername: 'Username is repeated in the file',
  repeatedEmail: 'Email is repeated in the file',
  unknownInstrument: (name: string) => `Unknown instrument/genre: ${name}`,
  badLevel: (name: string) => `The level of ${name} should be beginner, intermediate or advanced`,
  parentNeeded: 'Parent first name, last name, username and email are needed for a new parent',
} as const;

type Column = ImportColumn;
type RowValues = Record<Column, string>;

/** One row as read and judged, before its errors are put in words. */
export type JudgedRow = Omit<ImportPreviewRow, 'problems'>;

/** One row as read and judged; `student` and `parent` are set when it can be imported. */
export type CheckedRow = JudgedRow & {
  student?: z.output<typeof studentForm>;
  /** A parent to link: an existing parent of the school, or a new one to invite (once per email). */
  parent?: { existingId: string } | { form: z.output<typeof newParentInput> } | { sameAsEmail: string };
};

export type ImportRecord = { line: number; values: RowValues };
/**
 * A file read and the usernames of it that are taken anywhere on the platform; `columnNames` are
 * the file's headers of another product's or a mapped file, for its errors in words.
 */
export type ImportFile = { records: ImportRecord[]; takenUsernames: Set<string>; madeUsernames?: boolean; columnNames?: ColumnNames };

function readRecords(csv: string, columnNames: ColumnNames | undefined, kind: ImportKind): ImportRecord[] {
  const [header, ...rows] = parseCsvRecords(csv);
  const names = (header?.cells ?? []).map((h) => h.trim().toLowerCase());
  const headerOf = (c: Column) => (columnNames ? columnNames[c]?.trim().toLowerCase() : c.toLowerCase());
  // A column the kind does not read (a teachers file's parent) is never looked for.
  const read = new Set<Column>(IMPORT_COLUMNS_OF[kind]);
  const index = new Map(ANY_IMPORT_COLUMNS.map((c) => [c, read.has(c) && headerOf(c) ? names.indexOf(headerOf(c)!) : -1]));
  // Our own people's files carry usernames; a lessons file, ours or not, names the same columns.
  const needed: readonly Column[] = columnNames || kind === 'lessons' ? MAPPED_COLUMNS_NEEDED_OF[kind] : ['first_name', 'last_name', 'username', 'email'];
  if (needed.some((c) => index.get(c)! < 0)) {
    const own = kind === 'lessons' ? IMPORT_MESSAGES.lessonColumns : IMPORT_MESSAGES.columns;
    throw fieldError('csv', columnNames ? IMPORT_MESSAGES.sourceColumns(neededHeaders(columnNames, kind)) : own);
  }
  if (rows.length === 0) throw fieldError('csv', IMPORT_MESSAGES.emptyOf(kind));
  if (rows.length > IMPORT_MAX_ROWS) throw fieldError('csv', IMPORT_MESSAGES.tooManyOf(kind));
  return rows.map((r) => ({
    line: r.line,
    values: Object.fromEntries(ANY_IMPORT_COLUMNS.map((c) => [c, (r.cells[index.get(c)!] ?? '').trim()])) as RowValues,
  }));
}

/** "Piano:beginner; Guitar:intermediate" → genre ids and levels, or the first problem. */
export function readInstruments(text: string, genreIds: Map<string, string>): { genreId: string; level: Level }[] | string {
  const out: { genreId: string; level: Level }[] = [];
  for (const part of text.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name = '', level = 'beginner'] = part.split(':').map((p) => p.trim());
    const genreId = genreIds.get(name.toLowerCase());
    if (!genreId) return IMPORT_MESSAGES.unknownInstrument(name);
    if (!(LEVELS as readonly string[]).includes(level.toLowerCase())) return IMPORT_MESSAGES.badLevel(name);
    out.push({ genreId, level: level.toLowerCase() as Level });
  }
  return out;
}

export const firstErrors = (issues: z.core.$ZodIssue[], prefix = '') => {
  const errors: Record<string, string> = {};
  for (const i of issues) {
    const key = `${prefix}${String(i.path[0] ?? 'row')}`;
    errors[key] ??= i.message;
  }
  return errors;
};

export const lower = (s: string) => s.toLowerCase();

/** The status column by the members' one rule: "Inactive" comes in inactive (decision 095). */
export const inactiveRow = (v: RowValues) => (isActiveWord(v.status) ? {} : { inactive: true });

/**
 * A row's errors in words (decision 095): each led by its column as the file names it (another
 * product's header, a mapped one) or by our label, unless the message already begins with it.
 */
export function problemsOf(errors: Record<string, string>, columnNames: ColumnNames | undefined): string[] {
  return Object.entries(errors).map(([field, message]) => {
    const column = field as Column;
    const label = columnNames?.[column]?.trim() || IMPORT_COLUMN_LABELS[column] || 'Row';
    return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
  });
}

/**
 * Reads a students CSV file in the school's transaction. Usernames are unique on the whole
 * platform, which that transaction cannot see: app_taken_usernames answers only whether each
 * name in the file is taken, without leaving the tenant scope.
 */
export async function readImportFile(tx: Tx, csv: string, source: ImportSource = 'cadenza', mapping?: ColumnNames, kind: ImportKind = 'students'): Promise<ImportFile> {
  const columnNames = columnNamesOf(source, mapping, kind);
  const records = readRecords(csv, columnNames, kind);
  // A lessons file names people already in the school: nobody is made, so no username either.
  if (columnNames && kind !== 'lessons') await giveUsernames(tx, records);
  const usernames = [...new Set(records.flatMap((r) => [r.values.username, r.values.parent_username]).filter(Boolean).map(lower))];
  return { records, takenUsernames: await takenUsernames(tx, usernames), madeUsernames: Boolean(columnNames), columnNames };
}

/**
 * Other products' files have no usernames (decision 094): each person with an email and none gets
 * one made from it, free on the platform and in the file.
 */
async function giveUsernames(tx: Tx, records: ImportRecord[]) {
  const emails = records.flatMap((r) => [r.values.username ? '' : r.values.email, r.values.parent_username ? '' : r.values.parent_email]).filter(Boolean);
  const pick = usernamePicker(await takenUsernames(tx, usernameCandidates(emails)));
  for (const { values: v } of records) {
    if (!v.username && v.email) v.username = pick(v.email);
    if (!v.parent_username && v.parent_email) v.parent_username = pick(v.parent_email);
  }
}

/**
 * The students already in the school, to add nobody twice (decision 094): by email, and a child
 * without one by first and last name and a parent's email.
 */
async function knownStudents(tx: Tx, adminId: string, records: ImportRecord[]) {
  const parentEmails = [...new Set(records.filter((r) => !r.values.email && r.values.parent_email).map((r) => lower(r.values.parent_email)))];
  if (parentEmails.length === 0) return new Set<string>();
  const parent = alias(users, 'parent');
  const found = await tx.select({ first: users.firstName, last: users.lastName, parentEmail: parent.email }).from(users)
    .innerJoin(parentChildren, eq(parentChildren.studentId, users.id))
    .innerJoin(parent, eq(parent.id, parentChildren.parentId))
    .where(and(eq(users.adminId, adminId), eq(users.role, 'student'), inArray(sql`lower(${parent.email})`, parentEmails)));
  return new Set(found.map((f) => childKey(f.first, f.last, f.parentEmail ?? '')));
}
const childKey = (first: string, last: string, parentEmail: string) => [first, last, parentEmail].map((s) => lower(s.trim())).join('\u0000');

/** Judges every row of a file as the student form, the file and the school would. */
export const genresByName = async (tx: Tx) => new Map((await tx.select().from(genres)).map((g) => [g.name.toLowerCase(), g.id]));

/** The school's people with the file's emails (lower-cased): the school's own rows only (decision 094). */
export async function schoolEmailsOf(tx: Tx, adminId: string, records: ImportRecord[]) {
  const emails = [...new Set(records.flatMap((r) => [r.values.email, r.values.parent_email]).filter(Boolean).map(lower))];
  return new Map(emails.length === 0 ? [] : (await tx.select({ e: sql<string>`lower(${users.email})`, id: users.id, role: users.role }).from(users)
    .where(and(eq(users.adminId, adminId), inArray(sql`lower(${users.email})`, emails)))).map((r) => [r.e, r]));
}

/** What a file's rows share while they are judged: the names and emails taken, here and earlier in the file. */
export type AccountsSeen = Pick<ImportFile, 'takenUsernames' | 'madeUsernames'> & {
  schoolEmails: ReadonlyMap<string, unknown>;
  seenUsernames: ReadonlySet<string>;
  seenEmails: ReadonlySet<string>;
};

/**
 * A new account's username free on the platform and once in the file, its email free in the
 * school and once in the file: one rule for every list the import makes people of (decision 095).
 */
export function checkAccount(errors: Record<string, string>, v: { username: string; email: string }, seen: AccountsSeen): void {
  // A made username is missing only when the email is: the email's message says what to fix.
  if (seen.madeUsernames && !v.username) delete errors.username;
  if (!errors.username && seen.takenUsernames.has(lower(v.username))) errors.username = MEMBER_MESSAGES.usernameTaken;
  if (!errors.username && seen.seenUsernames.has(lower(v.username))) errors.username = IMPORT_MESSAGES.repeatedUsername;
  if (!errors.email && seen.schoolEmails.has(lower(v.email))) errors.email = MEMBER_MESSAGES.emailTaken;
  if (!errors.email && seen.seenEmails.has(lower(v.email))) errors.email = IMPORT_MESSAGES.repeatedEmail;
}

export async function checkImport(tx: Tx, adminId: string, { records, takenUsernames, madeUsernames }: ImportFile): Promise<CheckedRow[]> {
  const genreIds = await genresByName(tx);
  const schoolEmails = await schoolEmailsOf(tx, adminId, records);

  const known = await knownStudents(tx, adminId, records);
  const seenUsernames = new Set<string>();
  const seenEmails = new Set<string>();
  const newParents = new Set<string>(); // the emails of new parents, for siblings sharing one
  return records.map(({ line, values: v }) => {
    const already = v.email ? schoolEmails.get(lower(v.email))?.role === 'student' : known.has(childKey(v.first_name, v.last_name, v.parent_email));
    if (already) return { line, first_name: v.first_name, last_name: v.last_name, email: v.email, parentEmail: v.parent_email, errors: {}, skipped: true };
    const errors: Record<string, string> = {};
    const instruments = readInstruments(v.instruments, genreIds);
    if (typeof instruments === 'string') errors.instruments = instruments;
    const parsed = studentForm.safeParse({
      first_name: v.first_name, last_name: v.last_name, username: v.username, email: v.email, cellPhone: v.cellPhone,
      instruments: typeof instruments === 'string' ? [] : instruments,
    });
    if (!parsed.success) Object.assign(errors, firstErrors(parsed.error.issues), errors);
    checkAccount(errors, v, { takenUsernames, madeUsernames, schoolEmails, seenUsernames, seenEmails });

    let parent: CheckedRow['parent'];
    const parentGiven = [v.parent_first_name, v.parent_last_name, v.parent_email, v.parent_username, v.parent_cellPhone].some(Boolean);
    if (parentGiven) {
      const existing = v.parent_email ? schoolEmails.get(lower(v.parent_email)) : undefined;
      if (existing?.role === 'parent') parent = { existingId: existing.id };
      else if (existing) errors.parent_email = MEMBER_MESSAGES.emailTaken;
      else if (v.parent_email && newParents.has(lower(v.parent_email))) {
        // A sibling of an earlier row: the parent that row invites.
        parent = { sameAsEmail: lower(v.parent_email) };
      } else {
        const p = newParentInput.safeParse({
          first_name: v.parent_first_name, last_name: v.parent_last_name, username: v.parent_username, email: v.parent_email, cellPhone: v.parent_cellPhone,
        });
        if (!p.success) Object.assign(errors, firstErrors(p.error.issues, 'parent_'));
        else if (takenUsernames.has(lower(v.parent_username)) || seenUsernames.has(lower(v.parent_username))) errors.parent_username = MEMBER_MESSAGES.usernameTaken;
        else if (lower(v.parent_email) === lower(v.email) || seenEmails.has(lower(v.parent_email))) errors.parent_email = IMPORT_MESSAGES.repeatedEmail;
        else parent = { form: p.data };
      }
    }
    const row: CheckedRow = { line, first_name: v.first_name, last_name: v.last_name, email: v.email, parentEmail: v.parent_email, errors, ...inactiveRow(v) };
    if (Object.keys(errors).length > 0 || !parsed.success) return row;
    seenUsernames.add(lower(v.username));
    seenEmails.add(lower(v.email));
    if (parent && 'form' in parent) {
      newParents.add(lower(parent.form.email));
      seenUsernames.add(lower(parent.form.username));
      seenEmails.add(lower(parent.form.email));
    }
    return { ...row, student: parsed.data, parent };
  });
}
