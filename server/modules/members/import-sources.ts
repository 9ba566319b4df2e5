import { MAPPED_COLUMNS_NEEDED_OF, SOURCE_COLUMNS_OF, type ImportColumn, type ImportKind, type ImportSource } from '../../../shared/contracts/members.js';
import { USERNAME_MAX } from '../../../shared/constants.js';

/** For each of our columns, the header of the file that holds it (decision 094). */
export type ColumnNames = Partial<Record<ImportColumn, string>>;

/** Our column → the header to look for, or undefined for our own files (they use our names). */
export function columnNamesOf(source: ImportSource, mapping: ColumnNames | undefined, kind: ImportKind = 'students'): ColumnNames | undefined {
  if (source === 'cadenza') return undefined;
  return source === 'custom' ? (mapping ?? {}) : SOURCE_COLUMNS_OF[kind][source];
}

/** The headers a foreign file must have: first name, last name and email for people, decision 099's for lessons. */
export const neededHeaders = (names: ColumnNames, kind: ImportKind = 'students') => MAPPED_COLUMNS_NEEDED_OF[kind].map((c) => names[c]?.trim() ?? c);

const SUFFIXES = ['', '2', '3', '4', '5', '6', '7', '8', '9'];

/** A username made from an email's local part, in the letters usernameField allows. */
function baseUsername(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.replace(/[^A-Za-z0-9._-]/g, '').toLowerCase().slice(0, USERNAME_MAX - 1);
  return cleaned || 'member';
}

/** The names that may be tried for each email, to ask the platform in one call which are taken. */
export const usernameCandidates = (emails: string[]) =>
  [...new Set(emails.flatMap((e) => SUFFIXES.map((s) => `${baseUsername(e)}${s}`)))];

/**
 * Picks each email's username: the first candidate nobody has on the platform nor earlier in the
 * file; the same email always gets the same name, so that siblings share their parent's. When all
 * are taken the first one is answered, and the row shows the form's "taken" message.
 */
export function usernamePicker(taken: Set<string>) {
  const byEmail = new Map<string, string>();
  const used = new Set<string>();
  return (email: string): string => {
    const key = email.toLowerCase();
    const known = byEmail.get(key);
    if (known) return known;
    const base = baseUsername(email);
    const name = SUFFIXES.map((s) => `${base}${s}`).find((n) => !taken.has(n) && !used.has(n)) ?? base;
    used.add(name);
    byEmail.set(key, name);
    return name;
  };
}
