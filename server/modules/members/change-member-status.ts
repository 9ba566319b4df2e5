import type { Tx } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import { endSessionsOf, updateAccount } from '../auth/index.js';
import { assertPlanRoom } from '../school-plans/index.js';
import { ROLE_OF_KIND, type PersonKindPath } from '../../../shared/contracts/members.js';
import type { MemberContext } from './context.js';
import { authorizeMember, findPerson } from './member-targets.js';
import { loadDetails } from './member-details.js';
import { presentMember } from './presenter.js';

/**
 * Activates or deactivates a person. A deactivated person cannot sign in (loginUser refuses
 * status false) and every session of theirs, and every login-as session they started, ends now.
 * Turning someone back on takes a place of the school plan's limit, as adding them would.
 */
export async function changeMemberStatus(tx: Tx, ctx: MemberContext, kind: PersonKindPath, id: string, status: boolean) {
  const role = ROLE_OF_KIND[kind];
  const person = await authorizeMember(tx, ctx.actor, 'changeStatus', role, id);
  if (status && !person.status) await assertPlanRoom(tx, person.adminId!, role);
  await updateAccount(tx, person.id, { status, updatedAt: new Date() });
  if (!status) await endSessionsOf(tx, person.id);
  await recordActivity(tx, {
    adminId: person.adminId!, actorId: ctx.actor.accountableId, action: status ? 'member.activated' : 'member.deactivated', targetUserId: person.id, ip: ctx.actor.ip,
  });
  const updated = (await findPerson(tx, person.id))!;
  return presentMember(updated, (await loadDetails(tx, role, [person.id], ctx.actor)).get(person.id));
}
