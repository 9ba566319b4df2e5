import type { Role } from '../../shared/roles.js';
import { FAMILY_CARD_MESSAGE, mayUseCards } from '../../shared/permissions.js';
import type { Actor } from '../lib/actor.js';
import { forbidden } from '../lib/http-errors.js';

/**
 * Who may charge, save, remove or default a saved card, check out, ask for a plan and turn
 * autopay on or off (decision 069, docs/domains/billing.md "Who may do what"): the card's owner
 * or their payer acting as themselves, or a parent acting as their own child. A login-as by staff
 * (teacher, sub-admin, admin, superadmin) sees cards and payments read-only. Pure; a matrix test.
 *
 * One rule for every route whose contract says `usesFamilyCard`: the route's registration asks it
 * (server/lib/contract-route.ts) before the body is read, so no handler repeats it. The rule
 * itself is `mayUseCards` (shared/permissions.ts), which the web's buttons read as
 * `permissions.usesFamilyCards`.
 */
export function mayUseFamilyCards(actor: Pick<Actor, 'role'> & { realUser: { role: string } | null }): boolean {
  return mayUseCards({ role: actor.role, realRole: (actor.realUser?.role as Role | undefined) ?? null });
}

/** 403 with the one message when the actor may not; nothing has changed when it throws. */
export function assertMayUseFamilyCards(actor: Pick<Actor, 'role'> & { realUser: { role: string } | null }): void {
  if (!mayUseFamilyCards(actor)) throw forbidden(FAMILY_CARD_MESSAGE);
}
