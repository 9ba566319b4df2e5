import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/actor.js';

/**
 * What a change needs besides its form: who makes it (the request's actor, never the body; its
 * `accountableId` is the real person in login-as) and the app's address for invitation links.
 */
export type MemberContext = { actor: Actor; appUrl: string; /** The request's clock: a lessons import books from it (decision 099). */ now?: Date };

export function memberContext(req: FastifyRequest): MemberContext {
  return { actor: req.actor!, appUrl: req.server.services.config.appUrl, now: req.now() };
}
