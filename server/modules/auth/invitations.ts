import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppServices } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { sessions, userTokens, users } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/http-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { selectUsersWithSchool, toUserWithSchool, type UserWithSchool } from '../../lib/user-with-school.js';
import { AUTH_MESSAGES, type Invitation, type LoginResult } from '../../../shared/contracts/auth.js';
import { SESSION_HOURS } from '../../../shared/constants.js';
import { presentSessionUser } from './presenter.js';
import { revokeUserTokens } from './user-tokens.js';

/**
 * An invitation is the set-password link of someone who has no password yet (decision 018's
 * single-use 'reset' token): live while unused and unexpired, only the newest one working.
 */
const liveToken = (token: string) =>
  and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, 'reset'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date()));

async function invitedUser(tx: Tx, token: string): Promise<UserWithSchool> {
  const [link] = await tx.select({ userId: userTokens.userId }).from(userTokens).where(liveToken(token)).limit(1);
  const [row] = link ? await selectUsersWithSchool(tx).where(eq(users.id, link.userId)).limit(1) : [];
  const user = row && toUserWithSchool(row);
  if (!user || user.passwordHash !== null) throw badRequest(AUTH_MESSAGES.invitationInvalid);
  return user;
}

/** What the accept page shows: the school and the username the person signs in with. */
export async function readInvitation(s: AppServices, token: string): Promise<Invitation> {
  const user = await s.db.transaction({ kind: 'all' }, (tx) => invitedUser(tx, token));
  return { school_name: user.schoolName ?? '', username: user.username, first_name: user.firstName };
}

/** Sets the password of the invited person, uses up the link, and signs them in. */
export async function acceptInvitation(s: AppServices, token: string, newPassword: string): Promise<LoginResult> {
  const passwordHash = await hashPassword(newPassword);
  return s.db.transaction({ kind: 'all' }, async (tx) => {
    const user = await invitedUser(tx, token);
    if (!user.status || !user.schoolOpen) throw new AppError(403, AUTH_MESSAGES.inactive);
    const [used] = await tx.update(userTokens).set({ usedAt: new Date() }).where(liveToken(token)).returning({ userId: userTokens.userId });
    if (!used) throw badRequest(AUTH_MESSAGES.invitationInvalid);
    await revokeUserTokens(tx, user.id, 'reset');
    // The emailed link proves the mailbox: the address is verified too.
    await tx.update(users).set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(or(eq(sessions.userId, user.id), eq(sessions.actorUserId, user.id)));
    const sessionToken = newToken();
    await tx.insert(sessions).values({ userId: user.id, remember: false, expiresAt: new Date(Date.now() + SESSION_HOURS * 3_600_000), tokenHash: hashToken(sessionToken) });
    const [fresh] = await selectUsersWithSchool(tx).where(eq(users.id, user.id)).limit(1);
    return { token: sessionToken, user: presentSessionUser(toUserWithSchool(fresh!)), actor: null };
  });
}
