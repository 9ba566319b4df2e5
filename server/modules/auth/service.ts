import { and, asc, eq, gt, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppServices } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import { schools, sessions, userTokens, users } from '../../db/schema/index.js';
import { AppError, badRequest, fieldError, forbidden, notFound, unauthorized } from '../../lib/http-errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { issueUserToken, revokeUserTokens } from './user-tokens.js';
import { offsetOf, toListResult, totalOf, totalRows, type PageQuery } from '../../lib/paging.js';
import { queueEmail } from '../../services/email/queue-email.js';
import { mayLoginAs } from '../../policies/auth.js';
import { AUTH_MESSAGES, schoolInactiveMessage, SIGN_IN_USERNAME_MAX, type LoginAsCandidate, type LoginResult } from '../../../shared/contracts/auth.js';
import { REMEMBER_ME_DAYS, RESET_LINK_MINUTES, SESSION_HOURS, VERIFY_LINK_HOURS } from '../../../shared/constants.js';
import { isStaffOrProvider, type Role } from '../../../shared/roles.js';
import { selectUsersWithSchool, toUserWithSchool, type UserWithSchool } from '../../lib/user-with-school.js';
import type { Actor } from '../../lib/actor.js';
import { presentSessionUser } from './presenter.js';
import { passwordResetEmail, verifyAccountEmail } from './emails.js';
import { isOwnStudent, ownStudentsOf } from '../relations/index.js';
import { checkResetAllowed, checkVerifyEmailAllowed, countLoginAttempt, recordLoginSuccess } from './login-throttle.js';

const HOUR = 3_600_000;

async function findUserByUsername(tx: Tx, username: string): Promise<UserWithSchool | undefined> {
  // The schemas bound it already; no username this long exists, so none is looked up.
  if (username.length > SIGN_IN_USERNAME_MAX) return undefined;
  const [row] = await selectUsersWithSchool(tx).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return row && toUserWithSchool(row);
}

async function createSession(tx: Tx, values: { userId: string; actorUserId?: string; parentSessionId?: string; remember: boolean; expiresAt: Date }) {
  const token = newToken();
  await tx.insert(sessions).values({ ...values, tokenHash: hashToken(token) });
  return token;
}

export async function loginUser(
  s: AppServices,
  input: { username: string; password: string; remember: boolean },
  ip: string,
): Promise<LoginResult> {
  // Counted as a failure until the password proves right (decision 018).
  await countLoginAttempt(s.rateLimits, input.username, ip);
  const user = await s.db.transaction({ kind: 'all' }, (tx) => findUserByUsername(tx, input.username));
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user) throw fieldError('username', AUTH_MESSAGES.userNotFound);
  if (!passwordOk) throw fieldError('password', AUTH_MESSAGES.wrongPassword);
  await recordLoginSuccess(s.rateLimits, input.username, ip);
  if (!user.status || !user.schoolOpen) {
    const message = user.role === 'admin' ? schoolInactiveMessage(await providerContact(s)) : AUTH_MESSAGES.inactive;
    throw new AppError(403, message, { password: message });
  }
  const lifetime = input.remember ? REMEMBER_ME_DAYS * 24 * HOUR : SESSION_HOURS * HOUR;
  const token = await s.db.transaction({ kind: 'all' }, (tx) =>
    createSession(tx, { userId: user.id, remember: input.remember, expiresAt: new Date(Date.now() + lifetime) }),
  );
  return { token, user: presentSessionUser(user), actor: null };
}

/**
 * Whom a deactivated school's owner contacts: the provider (its first superadmin, by name and
 * address), not "your school", which they are (decision 076).
 */
async function providerContact(s: AppServices): Promise<string> {
  const [provider] = await s.db.transaction({ kind: 'all' }, (tx) => tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users).where(and(eq(users.role, 'superadmin'), eq(users.status, true))).orderBy(asc(users.createdAt)).limit(1));
  if (!provider) return 'the provider of Cadenza';
  const name = `${provider.firstName} ${provider.lastName}`.trim();
  return provider.email ? `${name || 'the provider of Cadenza'} (${provider.email})` : name || 'the provider of Cadenza';
}

export async function logoutSession(s: AppServices, actor: Actor): Promise<void> {
  await s.db.transaction({ kind: 'all' }, async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, actor.sessionId!));
    if (actor.realUser) await audit(tx, actor.realUser, 'loginas.end', actor.user, actor.ip);
  });
}

/** "X as Y": `realPerson` signed in, `target` is the one acted as. */
async function audit(tx: Tx, realPerson: UserWithSchool, action: 'loginas.start' | 'loginas.end', target: UserWithSchool, ip: string | null) {
  const school = target.adminId ?? realPerson.adminId;
  if (!school) return;
  await recordActivity(tx, { adminId: school, actorId: realPerson.id, action, targetUserId: target.id, ip });
}

export async function startLoginAs(s: AppServices, actor: Actor, targetId: string): Promise<LoginResult> {
  return s.db.transaction(actor.tenant, async (tx) => {
    // Row-level security already hides other schools' people: they are a 404, as everywhere.
    const [row] = await selectUsersWithSchool(tx).where(eq(users.id, targetId)).limit(1);
    if (!row) throw notFound('User not found');
    const target = toUserWithSchool(row);
    const allowed = mayLoginAs({
      actor,
      target: { id: target.id, role: target.role as Role, adminId: target.adminId, status: target.status && target.schoolOpen },
      targetIsOwnStudentOrChild: await isOwnStudent(tx, actor, target.id),
      alreadyActing: actor.realUser !== null,
    });
    if (!allowed) throw forbidden(AUTH_MESSAGES.loginAsNotAllowed);
    const [parent] = await tx.select({ expiresAt: sessions.expiresAt, remember: sessions.remember })
      .from(sessions).where(eq(sessions.id, actor.sessionId!));
    // The login-as session ends with this one (migration 0012, decision 018).
    const token = await createSession(tx, {
      userId: target.id,
      actorUserId: actor.id,
      parentSessionId: actor.sessionId!,
      remember: parent?.remember ?? false,
      expiresAt: parent?.expiresAt ?? new Date(Date.now() + SESSION_HOURS * HOUR),
    });
    await audit(tx, actor.user, 'loginas.start', target, actor.ip);
    return { token, user: presentSessionUser(target, actor.user), actor: presentSessionUser(actor.user) };
  });
}

/** The people the signed-in user may act as, for the login-as picker. */
export async function listLoginAsCandidates(tx: Tx, me: Actor, q: PageQuery & { search?: string }) {
  const filters: (SQL | undefined)[] = [ne(users.role, 'superadmin'), ne(users.id, me.id), eq(users.status, true)];
  if (me.role === 'subadmin') filters.push(sql`${users.role} in ('teacher', 'student', 'parent')`);
  // A teacher's students and a parent's children, as the policy decides them (decision 016).
  if (me.role === 'teacher' || me.role === 'parent') filters.push(sql`${users.id} in ${ownStudentsOf(me)}`);
  if (me.role !== 'superadmin') filters.push(eq(users.adminId, me.adminId ?? '00000000-0000-0000-0000-000000000000'));
  if (q.search) {
    const like = `%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.username, like)));
  }
  const where = and(...filters);
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, role: users.role, schoolName: schools.schoolName, total: totalRows })
    .from(users).leftJoin(schools, eq(schools.adminId, users.adminId)).where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(users).where(where);
    return row?.count ?? 0;
  });
  const results: LoginAsCandidate[] = rows.map((r) => ({
    _id: r.id, first_name: r.firstName, last_name: r.lastName, username: r.username, role: r.role as Role, school_name: r.schoolName,
  }));
  return toListResult(results, total, q);
}

/** One address may be several accounts' (a parent at two schools): each gets its own link, up to this many. */
const RESET_ACCOUNTS_MAX = 10;

/**
 * The active accounts with an email that a "Forgot password" entry names: by username, or by
 * email address (usernames hold no "@", so an entry is the one or the other). Case is ignored.
 */
async function accountsToReset(tx: Tx, usernameOrEmail: string) {
  if (usernameOrEmail.length > SIGN_IN_USERNAME_MAX) return [];
  const byEmail = usernameOrEmail.includes('@');
  const named = byEmail ? sql`lower(${users.email}) = lower(${usernameOrEmail})` : sql`lower(${users.username}) = lower(${usernameOrEmail})`;
  return tx.select({ id: users.id, adminId: users.adminId, email: users.email, firstName: users.firstName, username: users.username })
    .from(users)
    .where(and(named, eq(users.status, true), sql`coalesce(${users.email}, '') <> ''`))
    .orderBy(users.createdAt, users.id)
    .limit(RESET_ACCOUNTS_MAX);
}

/** Always answers the same, whether or not the username or address names an account with an email. */
export async function requestPasswordReset(s: AppServices, usernameOrEmail: string, ip: string): Promise<void> {
  await checkResetAllowed(s.rateLimits, usernameOrEmail, ip);
  await s.db.transaction({ kind: 'all' }, async (tx) => {
    for (const user of await accountsToReset(tx, usernameOrEmail)) {
      const token = await issueUserToken(tx, user.id, 'reset', RESET_LINK_MINUTES * 60_000);
      const email = passwordResetEmail(user.firstName, user.username, `${s.config.appUrl}/resetpassword/${token}`);
      await queueEmail(tx, { ...email, to: user.email!, kind: 'password-reset', adminId: user.adminId, userId: user.id });
    }
  });
}

/** Uses the link once, sets the password and ends every session of that user. */
export async function resetPassword(s: AppServices, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await s.db.transaction({ kind: 'all' }, async (tx) => {
    const [used] = await tx.update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, 'reset'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
      .returning({ userId: userTokens.userId });
    if (!used) throw badRequest(AUTH_MESSAGES.resetInvalid);
    await revokeUserTokens(tx, used.userId, 'reset');
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, used.userId));
    await tx.delete(sessions).where(or(eq(sessions.userId, used.userId), eq(sessions.actorUserId, used.userId)));
    // A reset link proves the mailbox, so it verifies the address too.
    await tx.update(users).set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` }).where(eq(users.id, used.userId));
  });
}

export async function sendVerification(s: AppServices, actor: Actor, userId: string | undefined): Promise<void> {
  await s.db.transaction(actor.tenant, async (tx) => {
    const targetId = userId ?? actor.id;
    const [row] = await selectUsersWithSchool(tx).where(eq(users.id, targetId)).limit(1);
    if (!row) throw notFound('User not found');
    const target = toUserWithSchool(row);
    // Staff may resend for the people of their school; everyone else only for themselves.
    if (target.id !== actor.id && !isStaffOrProvider(actor.role)) throw forbidden();
    if (target.emailVerifiedAt) throw badRequest(AUTH_MESSAGES.alreadyVerified);
    if (!target.email) throw badRequest('This account has no email address');
    await checkVerifyEmailAllowed(s.rateLimits, actor.accountableId, target.id);
    await queueVerificationEmail(tx, s.config.appUrl, { ...target, email: target.email });
  });
}

/** A verification link (72 hours, single-use) emailed in the caller's transaction: sent once it commits. */
export async function queueVerificationEmail(tx: Tx, appUrl: string, person: { id: string; adminId: string | null; firstName: string; email: string }) {
  const token = await issueUserToken(tx, person.id, 'verify', VERIFY_LINK_HOURS * HOUR);
  const email = verifyAccountEmail(person.firstName, `${appUrl}/api/auth/verifyAccount/${token}`);
  await queueEmail(tx, { ...email, to: person.email, kind: 'verify-account', adminId: person.adminId, userId: person.id });
}

/**
 * Signs in the owner a self-registration just made (docs/decisions/076-school-signup-and-first-day.md):
 * the password was typed a moment ago, so the page goes on to the school's first screen. An
 * account still off (a card charge not yet settled) gets no session.
 */
export async function startNewOwnerSession(tx: Tx, userId: string): Promise<LoginResult | null> {
  const [row] = await selectUsersWithSchool(tx).where(eq(users.id, userId)).limit(1);
  const owner = row && toUserWithSchool(row);
  if (!owner || !owner.status || !owner.schoolOpen) return null;
  const token = await createSession(tx, { userId: owner.id, remember: false, expiresAt: new Date(Date.now() + SESSION_HOURS * HOUR) });
  return { token, user: presentSessionUser(owner), actor: null };
}

/** Answers whether the link was good; the route turns that into a redirect to /login. */
export async function verifyAccount(s: AppServices, token: string): Promise<boolean> {
  return s.db.transaction({ kind: 'all' }, async (tx) => {
    const [used] = await tx.update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, 'verify'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
      .returning({ userId: userTokens.userId });
    if (!used) return false;
    await revokeUserTokens(tx, used.userId, 'verify');
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, used.userId));
    return true;
  });
}

/** The roles that create accounts (shared/member-policy.ts): only they need to know an email is taken. */
const MAY_CHECK_EMAILS: readonly string[] = ['superadmin', 'admin', 'subadmin', 'teacher'];

/**
 * Usernames are unique on the platform and anyone may ask (signup forms need it); emails are
 * unique within a school and only the people who create accounts may ask, within their school:
 * signed out, the call never says whether an address has an account (decision 018).
 */
export async function isValueAvailable(s: AppServices, actor: Actor | null, type: 'username' | 'email', value: string) {
  if (type === 'email' && !actor) throw unauthorized(AUTH_MESSAGES.emailCheckSignedOut);
  if (type === 'email' && !MAY_CHECK_EMAILS.includes(actor!.role)) throw forbidden();
  return s.db.transaction({ kind: 'all' }, async (tx) => {
    const column = type === 'username' ? users.username : users.email;
    const filters = [sql`lower(${column}) = lower(${value})`];
    if (type === 'email') {
      const school = actor!.tenant;
      if (school.kind === 'school') filters.push(sql`${users.adminId} = ${school.adminId}`);
    }
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(...filters)).limit(1);
    return !taken;
  });
}
