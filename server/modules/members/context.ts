import type { FastifyRequest } from 'fastify';
import type { MemberActor } from '../../policies/members.js';
import { accountableId, actorOf } from './access.js';

/** What a change needs to know about who makes it, taken from the session (never the body). */
export type MemberContext = {
  actor: MemberActor;
  /** Recorded as the actor of the activity: the real person in login-as. */
  accountableId: string;
  appUrl: string;
  schoolName: string;
  ip: string;
};

export function memberContext(req: FastifyRequest): MemberContext {
  return {
    actor: actorOf(req),
    accountableId: accountableId(req),
    appUrl: req.server.services.config.appUrl,
    schoolName: req.auth!.user.schoolName ?? '',
    ip: req.ip,
  };
}
