import type { FastifyRequest } from 'fastify';
import { actingOf, type Acting } from '../../lib/member-actor.js';

export { isPrivateTeacher, requireReach } from '../../lib/member-actor.js';

/** The person whose role decides (the impersonated one in login-as), as the policy sees them. */
export function actorOf(req: FastifyRequest): Acting {
  return actingOf(req.auth!);
}

/** Who answers for a change in Recent activities: the real person behind a login-as session. */
export function accountableId(req: FastifyRequest): string {
  return actingOf(req.auth!).recordedId;
}
