import type { Role } from '../../shared/roles.js';
import { SUPPORT_ANSWER_ROLES, SUPPORT_READER_ROLES, SUPPORT_SENDER_ROLES } from '../../shared/contracts/support.js';

/**
 * Who may do what with support requests (issue 14). Pure, with a matrix test.
 *
 * - Sending: the roles whose route table has /support (docs/domains/biz-learn-more-help-support.md "Screens and routes"), but the superadmin, who
 *   is the provider the requests go to. A teacher has no /support: 403.
 * - Reading: the sender their own; the superadmin every school's. Anyone else's request is not
 *   found (404), never "refused": its existence is not told.
 * - Answering: the superadmin alone (403 for everyone else, before any lookup).
 */
export type SupportReader = { id: string; role: Role };

export const maySendSupport = (role: Role): boolean => SUPPORT_SENDER_ROLES.includes(role);

export const mayAnswerSupport = (role: Role): boolean => (SUPPORT_ANSWER_ROLES as readonly Role[]).includes(role);

/** The roles that reach the support calls at all: senders and the provider (the reading routes' contract list). */
export const SUPPORT_ROLES: readonly Role[] = SUPPORT_READER_ROLES;

/** Which requests a reader's lists hold. */
export function supportReach(reader: SupportReader): 'all' | 'own' | 'none' {
  if (reader.role === 'superadmin') return 'all';
  return maySendSupport(reader.role) ? 'own' : 'none';
}

export function decideReadSupportRequest(reader: SupportReader, request: { senderId: string }): 'allow' | 'not-found' {
  const reach = supportReach(reader);
  if (reach === 'all') return 'allow';
  return reach === 'own' && request.senderId === reader.id ? 'allow' : 'not-found';
}
