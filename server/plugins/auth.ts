import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Role } from '../../shared/roles.js';
import type { Database, TenantScope, Tx } from '../db/client.js';
import { schools, users } from '../db/schema/index.js';
import { rowFromJson } from '../db/row-from-json.js';
import { hashToken } from '../lib/tokens.js';
import { AppError, forbidden, unauthorized } from '../lib/http-errors.js';
import type { Actor } from '../lib/actor.js';
import type { UserWithSchool } from '../lib/user-with-school.js';
import { showsCalendarDetail } from '../policies/scheduling.js';
import { AUTH_MESSAGES } from '../../shared/contracts/auth.js';
import { SCHOOL_PLAN_MESSAGES } from '../../shared/contracts/school-plans.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who acts, built once per request from the session (decision 017); null when signed out. */
    actor: Actor | null;
    /** Runs fn in a transaction scoped to the acting school (row-level security applies). */
    tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
    /** Now, on the clock of the acting school (decision 067): the wall's in production. */
    now(): Date;
  }
  interface FastifyContextConfig {
    /** What a school whose plan lapsed may call (decision 071): every route with a session guard declares it. */
    lapsedSchool?: 'open' | 'closed';
  }
  interface FastifyInstance {
    /** onRequest hook: a valid session, and one of these roles when any are named. */
    requireAuth(...roles: Role[]): onRequestHookHandler;
    /** onRequest hook for public calls that answer differently to a signed-in user. */
    optionalAuth: onRequestHookHandler;
  }
}

/** The school a user acts within: their own for an admin, their admin's for everyone below. */
function tenantOf(user: Pick<UserWithSchool, 'role' | 'adminId'>): TenantScope {
  if (user.role === 'superadmin' || !user.adminId) return { kind: 'all' };
  return { kind: 'school', adminId: user.adminId };
}

/**
 * The one builder of an Actor (decision 017): `user` is the account whose role decides, `realUser`
 * the person behind a login-as. Called here once per request; the demo seed calls it too.
 */
export function actorOf(user: UserWithSchool, realUser: UserWithSchool | null, sessionId: string | null, ip: string | null): Actor {
  return {
    id: user.id,
    role: user.role as Role,
    adminId: user.adminId,
    addrole: user.addrole,
    user,
    realUser,
    accountableId: realUser?.id ?? user.id,
    sessionId,
    tenant: tenantOf(user),
    ip,
    seesLessonDetail: showsCalendarDetail(realUser?.role ?? user.role, realUser ? user.role : null),
  };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

type SessionJson = {
  session_id: string;
  user: Record<string, unknown>;
  school: Record<string, unknown> | null;
  school_open: boolean;
  actor: Record<string, unknown> | null;
  actor_school: Record<string, unknown> | null;
  actor_school_open: boolean;
};

/** The school's columns a UserWithSchool reads, by their names in the lookup's JSON (of every column, the others unread). */
const SCHOOL_NAME = schools.schoolName.name;
const SHOW_STORE = schools.showStore.name;
const PLAN_LAPSED_AT = schools.planLapsedAt.name;

function userFrom(user: Record<string, unknown>, school: Record<string, unknown> | null, schoolOpen: boolean): UserWithSchool {
  // The new row itself gets the school's fields (no copy of it: this runs on every request).
  return Object.assign(rowFromJson(users, user), {
    schoolName: (school?.[SCHOOL_NAME] as string | null | undefined) ?? null,
    showStore: (school?.[SHOW_STORE] as boolean | null | undefined) ?? false,
    schoolOpen,
    // A timestamp, as JSON text when set.
    planLapsed: Boolean(school?.[PLAN_LAPSED_AT]),
  });
}

/**
 * Whether a school whose plan lapsed may still call the route: its own declaration (decision 071),
 * `meta.lapsedSchool` of its contract, kept in the route's config by server/lib/contract-route.ts.
 * A route that declares nothing is closed.
 */
export const openWhenLapsed = (request: FastifyRequest) => request.routeOptions.config.lapsedSchool === 'open';

/** The hooks requireAuth made: the routes they guard must declare `lapsedSchool`. */
const sessionGuards = new WeakSet<object>();

/** Signed-in people need their own account and their school open (decision 007). */
const mayAct = (u: UserWithSchool) => u.status && u.schoolOpen;

/** One round trip (app_session_lookup, migrations 0002, 0004, 0006) for the session, its user and actor. */
async function loadSession(request: FastifyRequest): Promise<Actor | null> {
  const token = bearerToken(request);
  if (!token) return null;
  return actorOfToken(request.server.services.db, token, request.ip);
}

/**
 * The actor of a session token, or null when the session is unknown, expired or may not act.
 * The HTTP guard and the chat's sockets (at connection and on each event) ask the same question.
 */
export async function actorOfToken(db: Database, token: string, ip: string | null): Promise<Actor | null> {
  if (!wellFormed(token)) return null;
  const found = await db.callPreparedSystemFunction<SessionJson>('app_session_lookup', 'select app_session_lookup($1)', [hashToken(token)]);
  return actorOfSession(found, ip);
}

/**
 * actorOfToken for many tokens in one statement, answers in their order: the chat's sweep re-asks
 * every open socket's session, and one round trip per session made a burst of a thousand
 * statements on a busy node (decision 051).
 */
export async function actorsOfTokens(db: Database, tokens: string[], ip: string | null): Promise<(Actor | null)[]> {
  const asked = tokens.filter(wellFormed);
  if (asked.length === 0) return tokens.map(() => null);
  const hashes = sql.join(asked.map((token) => sql`${hashToken(token)}`), sql`, `);
  const found = await db.callSystemFunction<(SessionJson | null)[]>(
    sql`select json_agg(app_session_lookup(x.h) order by x.i) from unnest(array[${hashes}]::text[]) with ordinality as x(h, i)`,
  );
  const byToken = new Map(asked.map((token, i) => [token, found?.[i] ?? null]));
  return tokens.map((token) => actorOfSession(byToken.get(token), ip));
}

const wellFormed = (token: string) => token.length > 0 && token.length <= 200;

function actorOfSession(found: SessionJson | null | undefined, ip: string | null): Actor | null {
  if (!found) return null;
  const user = userFrom(found.user, found.school, found.school_open);
  // The lookup's `actor` is the real person behind a login-as (sessions.actor_user_id).
  const realUser = found.actor ? userFrom(found.actor, found.actor_school, found.actor_school_open) : null;
  if (!mayAct(user) || (realUser && !mayAct(realUser))) return null;
  return actorOf(user, realUser, found.session_id, ip);
}

export default fp(async (app) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('tx', function tx<T>(this: FastifyRequest, fn: (tx: Tx) => Promise<T>) {
    if (!this.actor) throw unauthorized();
    return this.server.services.db.transaction(this.actor.tenant, fn);
  });

  app.decorateRequest('now', function now(this: FastifyRequest) {
    return this.server.services.clock.now(this.actor?.adminId ?? null);
  });

  app.decorate('optionalAuth', async function optionalAuth(request: FastifyRequest) {
    request.actor = await loadSession(request);
  });

  // A route behind a session guard that is not a contract's (none today) must still say what a
  // lapsed school may do there: the app refuses to start without it (decision 071).
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat();
    if (hooks.some((hook) => sessionGuards.has(hook)) && route.config?.lapsedSchool === undefined) {
      throw new Error(`${String(route.method)} ${route.url}: a route with a session guard declares config.lapsedSchool (decision 071)`);
    }
  });

  app.decorate('requireAuth', (...roles: Role[]) => {
    const guard = async function guard(request: FastifyRequest, _reply: FastifyReply) {
      request.actor = await loadSession(request);
      if (!request.actor) throw unauthorized(AUTH_MESSAGES.sessionExpired);
      if (roles.length > 0 && !roles.includes(request.actor.role)) throw forbidden();
      if (request.actor.user.planLapsed && !openWhenLapsed(request)) throw new AppError(402, SCHOOL_PLAN_MESSAGES.lapsed);
    };
    sessionGuards.add(guard);
    return guard;
  });
});
