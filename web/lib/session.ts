/**
 * The signed-in identity (docs/domains/accounts.md "Rules"): the token lives in a cookie, the user in
 * localStorage. A login-as session adds a second token and a second user; while it lasts, the
 * impersonated user decides menus and routes, and the real person is the "actor".
 */
import type { LoginResult, SessionUser } from '../../shared/contracts/auth';
import { REMEMBER_ME_DAYS } from '../../shared/constants';
import { isRole } from '../../shared/roles';
import type { SessionPermissions } from '../../shared/contracts/session-permissions';
import { LOGIN_AS_TOKEN_COOKIE, TOKEN_COOKIE, readCookie, removeCookie, writeCookie } from './cookies';

export const USER_KEY = 'user';
export const LOGIN_AS_USER_KEY = 'loginAsUser';

export type Session = {
  /** Whose pages are shown: the impersonated user in a login-as session, otherwise the signed-in one. */
  user: SessionUser;
  /** The real person acting during a login-as session; null otherwise. */
  actor: SessionUser | null;
};

/**
 * The stored user was written by this client from a server answer; the check only guards
 * against an entry from an older build or edited by hand. (The zod schema would do, but would
 * put zod on the sign-in page's first load.)
 */
function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user._id === 'string' &&
    typeof user.username === 'string' &&
    typeof user.first_name === 'string' &&
    typeof user.last_name === 'string' &&
    isRole(user.role)
  );
}

/**
 * What a stored entry without its permissions may show until the server's answer arrives: nothing
 * more than a student's own pages (the server refuses the rest whatever the menu shows). Written
 * out rather than derived with permissionsOf, which needs the route contracts and so zod and the
 * phone library: on /login's first load they would double it (decision 077).
 */
const NOTHING_GRANTED: SessionPermissions = {
  reach: 'self',
  teachesOwnOnly: false,
  runsSchool: false,
  privateTeacher: false,
  picksTeacher: false,
  schoolOffice: false,
  uploadsFiles: false,
  readsLessonHistory: false,
  downloadsInvoicePdf: false,
  createsCourses: false,
  coursesWaitForApproval: false,
  actsAsOthers: false,
  overridesSchedule: false,
  opensStore: false,
  buysInStore: false,
  managesOrders: false,
  runsPayroll: false,
  usesFamilyCards: false,
};

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isSessionUser(value)) return null;
    // An entry stored before the server sent permissions (decision 062), or before one of them
    // (usesFamilyCards, decision 069), lacks the newer ones: they count as not granted until
    // /auth/me (useSessionRefresh) brings the server's answer. What the server sent is kept.
    return { ...value, permissions: { ...NOTHING_GRANTED, ...value.permissions } };
  } catch {
    return null;
  }
}

// useSyncExternalStore needs the same object back while nothing changed.
let cache: { key: string; session: Session | null } | undefined;

/**
 * A stored item, or null where the browser denies the page its storage: a widget in an <iframe>
 * on a school's website (a third-party frame) may not read it, and is then simply signed out.
 */
function storedItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The current session; a token without its user (or the reverse) counts as signed out. */
export function readSession(): Session | null {
  const hasToken = readCookie(TOKEN_COOKIE) !== null;
  const hasLoginAsToken = readCookie(LOGIN_AS_TOKEN_COOKIE) !== null;
  const rawUser = storedItem(USER_KEY);
  const rawLoginAsUser = storedItem(LOGIN_AS_USER_KEY);
  const key = JSON.stringify([hasToken, hasLoginAsToken, rawUser, rawLoginAsUser]);
  if (cache?.key === key) return cache.session;

  const user = hasToken ? parseUser(rawUser) : null;
  const loginAsUser = hasLoginAsToken ? parseUser(rawLoginAsUser) : null;
  const session = user ? { user: loginAsUser ?? user, actor: loginAsUser ? user : null } : null;
  cache = { key, session };
  return session;
}

export function effectiveUser(): SessionUser | null {
  return readSession()?.user ?? null;
}

export function actingUser(): SessionUser | null {
  return readSession()?.actor ?? null;
}

/** The bearer of every call: the login-as token while acting, otherwise the sign-in token. */
export function currentToken(): string | null {
  return readCookie(LOGIN_AS_TOKEN_COOKIE) ?? readCookie(TOKEN_COOKIE);
}

/**
 * docs/domains/accounts.md "Messages": a 401 ends the session that sent the call, and only that one. Several calls in
 * flight may all come back 401 with the same login-as token: the first ends login-as, and the
 * others must not then end the signed-in session underneath it.
 */
export function dropRefusedSession(refusedToken: string): void {
  if (readCookie(LOGIN_AS_TOKEN_COOKIE) === refusedToken) endLoginAs();
  else if (readCookie(TOKEN_COOKIE) === refusedToken) endSession();
}

export function isLoginAsActive(): boolean {
  return readCookie(LOGIN_AS_TOKEN_COOKIE) !== null;
}

const listeners = new Set<() => void>();

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emitChange(): void {
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes localStorage here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === USER_KEY || event.key === LOGIN_AS_USER_KEY) emitChange();
  });
}

// Signing out on purpose leads to a plain /login: coming back to the page would only take the
// next person at this browser to where the last one was. A session the server ended keeps its way back.
let signedOutOnPurpose = false;

export function wasSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}

export function signIn(result: LoginResult, remember: boolean): void {
  signedOutOnPurpose = false;
  clearLoginAs();
  writeCookie(TOKEN_COOKIE, result.token, remember ? REMEMBER_ME_DAYS : undefined);
  localStorage.setItem(USER_KEY, JSON.stringify(result.user));
  emitChange();
}

export function signOut(): void {
  signedOutOnPurpose = true;
  endSession();
}

function endSession(): void {
  clearLoginAs();
  removeCookie(TOKEN_COOKIE);
  localStorage.removeItem(USER_KEY);
  emitChange();
}

/** The login-as token is a browser-session cookie whatever Remember Me said. */
export function startLoginAs(result: LoginResult): void {
  writeCookie(LOGIN_AS_TOKEN_COOKIE, result.token);
  localStorage.setItem(LOGIN_AS_USER_KEY, JSON.stringify(result.user));
  emitChange();
}

export function endLoginAs(): void {
  clearLoginAs();
  emitChange();
}

function clearLoginAs(): void {
  removeCookie(LOGIN_AS_TOKEN_COOKIE);
  localStorage.removeItem(LOGIN_AS_USER_KEY);
}

/** Keeps the stored users in step with the server's /auth/me (a verified email, a new name). */
export function refreshSessionUsers(me: { user: SessionUser; actor: SessionUser | null }): void {
  // An answer that arrives after a switch of identity describes someone no longer shown.
  const shown = readSession();
  if (!shown || shown.user._id !== me.user._id || shown.actor?._id !== me.actor?._id) return;
  if (isLoginAsActive()) {
    localStorage.setItem(LOGIN_AS_USER_KEY, JSON.stringify(me.user));
    if (me.actor) localStorage.setItem(USER_KEY, JSON.stringify(me.actor));
  } else {
    localStorage.setItem(USER_KEY, JSON.stringify(me.user));
  }
  emitChange();
}
