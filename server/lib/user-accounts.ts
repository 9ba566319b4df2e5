import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { users, userTokens } from '../db/schema/index.js';
import { fieldError } from './http-errors.js';
import { hashToken, newToken } from './tokens.js';
import { queueEmails } from '../services/email/queue-email.js';
import { invitationEmail } from '../services/email/invitation-email.js';
import { ACCOUNT_MESSAGES } from '../../shared/contracts/common.js';
import { INVITATION_LINK_HOURS } from '../../shared/constants.js';
import type { Role } from '../../shared/roles.js';

/** Usernames are unique on the platform, whatever the case. */
export async function assertUsernameFree(tx: Tx, username: string, exceptUserId?: string) {
  const same = sql`lower(${users.username}) = lower(${username})`;
  const [taken] = await tx.select({ id: users.id }).from(users)
    .where(exceptUserId ? and(same, ne(users.id, exceptUserId)) : same).limit(1);
  if (taken) throw fieldError('username', ACCOUNT_MESSAGES.usernameTaken);
}

/** Emails are unique within a school (the school's owner included). */
export async function assertEmailFreeInSchool(tx: Tx, email: string, adminId: string, exceptUserId?: string) {
  const clash = and(sql`lower(${users.email}) = lower(${email})`, eq(users.adminId, adminId), exceptUserId ? ne(users.id, exceptUserId) : undefined);
  const [taken] = await tx.select({ id: users.id }).from(users).where(clash).limit(1);
  if (taken) throw fieldError('email', ACCOUNT_MESSAGES.emailTaken);
}

function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/** A unique index that a concurrent request beat us to answers like the check before it. */
export function rethrowUniqueUser(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_username_unique') throw fieldError('username', ACCOUNT_MESSAGES.usernameTaken);
  if (constraint === 'users_school_email_unique') throw fieldError('email', ACCOUNT_MESSAGES.emailTaken);
  throw error;
}

/**
 * A free username made from a person's name (for accounts nobody typed a username for, such as
 * an approved signup): "emma.stone", then "emma.stone2", "emma.stone3"...
 */
export async function freeUsernameFor(tx: Tx, firstName: string, lastName: string): Promise<string> {
  const base = `${firstName}.${lastName}`.normalize('NFKD').replace(/[^A-Za-z0-9.]/g, '').toLowerCase().slice(0, 40) || 'student';
  const rows = await tx.select({ username: users.username }).from(users)
    .where(sql`lower(${users.username}) like ${`${base}%`}`);
  const taken = new Set(rows.map((r) => r.username.toLowerCase()));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

export type NewInvitedUser = {
  adminId: string;
  role: Exclude<Role, 'superadmin' | 'admin'>;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  cellPhone?: string;
  address1?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  allowPayrollReport?: boolean;
};

/**
 * A school member made by staff (or by approving a signup): no password, and an invitation email
 * with a single-use 72-hour link to set their own. Nobody types a password for someone else.
 * The caller's transaction must see the school; the caller triggers 'deliver-emails' after commit.
 */
export async function createInvitedUser(tx: Tx, appUrl: string, schoolName: string, u: NewInvitedUser): Promise<string> {
  await assertUsernameFree(tx, u.username);
  await assertEmailFreeInSchool(tx, u.email, u.adminId);
  const [id] = await createInvitedUsers(tx, appUrl, schoolName, [u]);
  return id!;
}

/** Rows per insert statement when many accounts are made at once (well under the parameter limit). */
const BATCH = 200;

/**
 * Many invited accounts at once (a CSV import), in a few statements instead of a few per person.
 * The caller has checked usernames and emails already; the unique indexes still guard a race.
 * The invitation names the username: an imported or approved person never typed it.
 */
export async function createInvitedUsers(tx: Tx, appUrl: string, schoolName: string, list: NewInvitedUser[]): Promise<string[]> {
  const ids = list.map(() => randomUUID());
  const expiresAt = new Date(Date.now() + INVITATION_LINK_HOURS * 3_600_000);
  for (let start = 0; start < list.length; start += BATCH) {
    const part = list.slice(start, start + BATCH);
    const partIds = ids.slice(start, start + BATCH);
    await tx.insert(users).values(part.map((u, i) => ({
      id: partIds[i]!, adminId: u.adminId, role: u.role, username: u.username, email: u.email, passwordHash: null,
      firstName: u.firstName, lastName: u.lastName, cellPhone: u.cellPhone ?? '', address1: u.address1 ?? '',
      city: u.city ?? '', state: u.state ?? '', postalCode: u.postalCode ?? '', allowPayrollReport: u.allowPayrollReport ?? false,
    }))).catch(rethrowUniqueUser);
    const tokens = part.map(() => newToken());
    await tx.insert(userTokens).values(partIds.map((userId, i) => ({ userId, purpose: 'reset', tokenHash: hashToken(tokens[i]!), expiresAt })));
    await queueEmails(tx, part.map((u, i) => ({
      ...invitationEmail(u.firstName, schoolName, `${appUrl}/resetpassword/${tokens[i]}`, u.username),
      to: u.email, kind: 'invitation', adminId: u.adminId, userId: partIds[i]!,
    })));
  }
  return ids;
}
