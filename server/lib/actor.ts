import type { Role } from '../../shared/roles.js';
import type { TenantScope } from '../db/client.js';
import type { UserWithSchool } from './user-with-school.js';

/**
 * Who acts on this request (decision 017): built once by the auth plugin (`actorOf` in
 * plugins/auth.ts) and passed down as it is; handlers hand `request.actor` to services, services
 * to policies. In login-as the actor is the person acted as (their role decides, docs/domains/roles-and-navigation.md "What it does")
 * and `realUser` the person who signed in. Policies read only the fields they name
 * (`Pick<Actor, 'role' | 'adminId'>`), so their matrix tests stay small.
 */
export type Actor = {
  /** The account whose role decides: the signed-in user, or in login-as the one acted as. */
  id: string;
  role: Role;
  /** The school acted within (null for a superadmin); `tenant` is its row-level scope. */
  adminId: string | null;
  addrole: string | null;
  /** That account's row with its school's name and flags (showStore, schoolOpen). */
  user: UserWithSchool;
  /** The real person behind a login-as session; null when signed in as oneself. */
  realUser: UserWithSchool | null;
  /** Whom an audit line names ("X as Y did …": X): the real person, never the one acted as. */
  accountableId: string;
  /** The session of this request; null for the actor the demo seed makes. */
  sessionId: string | null;
  tenant: TenantScope;
  ip: string | null;
  /** docs/domains/scheduling.md "Who may do what"'s calendar detail rule, for the person looking (the real one in login-as). */
  seesLessonDetail: boolean;
};
