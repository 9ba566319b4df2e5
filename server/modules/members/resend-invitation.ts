import type { Tx } from '../../db/client.js';
import { badRequest } from '../../lib/http-errors.js';
import { resendInvitation } from '../auth/index.js';
import { MEMBER_MESSAGES, ROLE_OF_KIND, type PersonKindPath } from '../../../shared/contracts/members.js';
import type { MemberContext } from './context.js';
import { authorizeMember } from './member-targets.js';

/**
 * "Resend invitation" on a person who has not set a password yet: whoever may edit them (the
 * school's staff) sends a new link, and the older links stop working. The route has checked the
 * rate limit; the email goes after commit.
 */
export async function resendMemberInvitation(tx: Tx, ctx: MemberContext, kind: PersonKindPath, id: string) {
  const person = await authorizeMember(tx, ctx.actor, 'update', ROLE_OF_KIND[kind], id);
  if (person.passwordHash !== null) throw badRequest(MEMBER_MESSAGES.invitationAccepted);
  if (!person.email) throw badRequest(MEMBER_MESSAGES.invitationNoEmail);
  await resendInvitation(tx, ctx.appUrl, ctx.actor.user.schoolName ?? '', {
    id: person.id, adminId: person.adminId!, firstName: person.firstName, username: person.username, email: person.email,
  });
}
