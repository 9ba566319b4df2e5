import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users, userTokens } from '../../db/schema/index.js';
import { fieldError } from '../../lib/http-errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { queueEmails } from '../../services/email/queue-email.js';
import { invitationEmail } from '../../services/email/invitation-email.js';
import { ACCOUNT_MESSAGES } from '../../../shared/contracts/common.js';
import { issueUserToken } from './user-tokens.js';
import { INVITATION_LINK_HOURS } from '../../../shared/constants.js';
import type { Role } from '../../../shared/roles.js';

/**
 * Which of these names anyone on the platform holds (lower case). Usernames are unique across
 * schools, but a school's transaction sees only its own people: app_taken_usernames
 * (migration 0008) answers for the whole platform and reveals nothing but the names asked about.
 */
export async function takenUsernames(tx: Tx, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const list = sql.join(candidates.map((c) => sql`${c}`), sql`, `);
  const found = await tx.execute(sql`select app_taken_usernames(array[${list}]::text[]) as name`);
  return new Set(found.rows.map((r) => String(r.name)));
}

/** Usernames are unique on the platform, whatever the case. */
export async function assertUsernameFree(tx: Tx, username: string, exceptUserId?: string) {
  if (!(await takenUsernames(tx, [username])).has(username.toLowerCase())) return;
  if (exceptUserId) {
    const [own] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, exceptUserId), sql`lower(${users.username}) = lower(${username})`)).limit(1);
    if (own) return;
  }
  throw fieldError('username', ACCOUNT_MESSAGES.usernameTaken);
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
  const base = `${firstName}.${lastName}`.normalize('NFKD').replace(/[^A-Za-z0-9.]/g, '').toLowerCase().replace(/^\.+|\.+$/g, '').slice(0, 40) || 'student';
  for (let from = 1; ; from += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) => (from + i === 1 ? base : `${base}${from + i}`));
    const taken = await takenUsernames(tx, candidates);
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
  }
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
  /**
   * False for someone imported inactive (decision 095): made without an invitation, since they
   * cannot sign in; "Resend invitation" sends one when the school turns them on.
   */
  active?: boolean;
  /** After the password is set, the invitation opens this page of the app, said in `then` of the email. */
  next?: { path: string; then: string };
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
/** The invitation link; `next` (a path of the app) is where accepting it leads. */
const invitationUrl = (appUrl: string, token: string, next?: string) =>
  `${appUrl}/acceptinvitation/${token}${next ? `?next=${encodeURIComponent(next)}` : ''}`;

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
      status: u.active ?? true,
    }))).catch(rethrowUniqueUser);
    const invited = part.flatMap((u, i) => (u.active === false ? [] : [{ u, userId: partIds[i]!, token: newToken() }]));
    if (invited.length === 0) continue;
    await tx.insert(userTokens).values(invited.map(({ userId, token }) => ({ userId, purpose: 'reset', tokenHash: hashToken(token), expiresAt })));
    await queueEmails(tx, invited.map(({ u, userId, token }) => ({
      ...invitationEmail(u.firstName, schoolName, invitationUrl(appUrl, token, u.next?.path), u.username, u.next?.then),
      to: u.email, kind: 'invitation', adminId: u.adminId, userId,
    })));
  }
  return ids;
}

/**
 * After an address is corrected: the links already mailed to the old address stop working, and
 * someone who has not set a password yet is invited again at the new one (a mistyped address
 * must not leave a live set-password link in a stranger's mailbox). The caller triggers
 * 'deliver-emails' after commit.
 */
export async function reinviteAfterEmailChange(
  tx: Tx, appUrl: string, schoolName: string,
  u: { id: string; adminId: string; firstName: string; username: string; email: string; passwordHash: string | null },
): Promise<void> {
  await tx.delete(userTokens).where(and(eq(userTokens.userId, u.id), isNull(userTokens.usedAt)));
  if (u.passwordHash !== null) return;
  const token = newToken();
  await tx.insert(userTokens).values({
    userId: u.id, purpose: 'reset', tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_LINK_HOURS * 3_600_000),
  });
  await queueEmails(tx, [{
    ...invitationEmail(u.firstName, schoolName, `${appUrl}/acceptinvitation/${token}`, u.username),
    to: u.email, kind: 'invitation', adminId: u.adminId, userId: u.id,
  }]);
}

/**
 * "Resend invitation" (issue 10): a new set-password link for someone who has not accepted yet;
 * the links sent before it stop working, as a new reset link ends the older ones (decision 018).
 * The caller checks who may ask and the rate limit; email delivery follows the commit.
 */
export async function resendInvitation(
  tx: Tx, appUrl: string, schoolName: string,
  u: { id: string; adminId: string; firstName: string; username: string; email: string },
): Promise<void> {
  const token = await issueUserToken(tx, u.id, 'reset', INVITATION_LINK_HOURS * 3_600_000);
  await queueEmails(tx, [{
    ...invitationEmail(u.firstName, schoolName, `${appUrl}/acceptinvitation/${token}`, u.username),
    to: u.email, kind: 'invitation', adminId: u.adminId, userId: u.id,
  }]);
}
