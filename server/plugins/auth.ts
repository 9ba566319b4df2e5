import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Role } from '../../shared/roles.js';
import type { TenantScope, Tx } from '../db/client.js';
import { schools, users } from '../db/schema/index.js';
import { rowFromJson } from '../db/row-from-json.js';
import { hashToken } from '../lib/tokens.js';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import type { AuthUser } from '../lib/auth-user.js';
import { AUTH_MESSAGES } from '../../shared/contracts/auth.js';

export type RequestAuth = {
  sessionId: string;
  /** The user whose role decides what this request may do (the impersonated one in login-as). */
  user: AuthUser;
  /** The real person behind a login-as session. */
  actor: AuthUser | null;
  tenant: TenantScope;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** Runs fn in a transaction scoped to the acting school (row-level security applies). */
    tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid session, and one of these roles when any are named. */
    requireAuth(...roles: Role[]): onRequestHookHandler;
    /** onRequest hook for public calls that answer differently to a signed-in user. */
    optionalAuth: onRequestHookHandler;
  }
}

/** The school a user acts within: their own for an admin, their admin's for everyone below. */
export function tenantOf(user: Pick<AuthUser, 'role' | 'adminId'>): TenantScope {
  if (user.role === 'superadmin' || !user.adminId) return { kind: 'all' };
  return { kind: 'school', adminId: user.adminId };
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

function authUserFrom(user: Record<string, unknown>, school: Record<string, unknown> | null, schoolOpen: boolean): AuthUser {
  const s = school && rowFromJson(schools, school);
  return { ...rowFromJson(users, user), schoolName: s?.schoolName ?? null, showStore: s?.showStore ?? false, schoolOpen };
}

/** Signed-in people need their own account and their school open (decision 007). */
const mayAct = (u: AuthUser) => u.status && u.schoolOpen;

/** One round trip (app_session_lookup, migrations 0002, 0004, 0006) for the session, its user and actor. */
async function loadSession(request: FastifyRequest): Promise<RequestAuth | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const found = await request.server.services.db.callSystemFunction<SessionJson>(
    sql`select app_session_lookup(${hashToken(token)})`,
  );
  if (!found) return null;
  const user = authUserFrom(found.user, found.school, found.school_open);
  const actor = found.actor ? authUserFrom(found.actor, found.actor_school, found.actor_school_open) : null;
  if (!mayAct(user) || (actor && !mayAct(actor))) return null;
  return { sessionId: found.session_id, user, actor, tenant: tenantOf(user) };
}

export default fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('tx', function tx<T>(this: FastifyRequest, fn: (tx: Tx) => Promise<T>) {
    if (!this.auth) throw unauthorized();
    return this.server.services.db.transaction(this.auth.tenant, fn);
  });

  app.decorate('optionalAuth', async function optionalAuth(request: FastifyRequest) {
    request.auth = await loadSession(request);
  });

  app.decorate('requireAuth', (...roles: Role[]) => {
    return async function guard(request: FastifyRequest, _reply: FastifyReply) {
      request.auth = await loadSession(request);
      if (!request.auth) throw unauthorized(AUTH_MESSAGES.sessionExpired);
      if (roles.length > 0 && !roles.includes(request.auth.user.role as Role)) throw forbidden();
    };
  });
});
