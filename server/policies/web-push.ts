import type { Actor } from '../lib/actor.js';
import { hasPush } from '../../shared/contracts/web-push.js';

/**
 * Who may register or remove a browser for push (issue 14). Pure; a matrix test.
 *
 * - The push roles only (docs/domains/roles-and-navigation.md "What it does": superadmin, admin, sub-admin, teacher, student; not a parent, decision 081).
 * - For oneself only: another person's id is not found (404), whoever they are.
 * - Not in login-as: the browser belongs to the person who signed in, and the pushes of the person
 *   acted as must not follow them to it.
 */
export type PushDecision = 'allow' | 'forbidden' | 'not-found';

export function decidePushDevice(actor: Pick<Actor, 'id' | 'role' | 'realUser'>, userId: string): PushDecision {
  if (!hasPush(actor.role) || actor.realUser !== null) return 'forbidden';
  return userId === actor.id ? 'allow' : 'not-found';
}
