import { KIND_OF_ROLE, ROLE_OF_KIND, type PersonKindPath, type PersonRole } from '../../../shared/contracts/members';
import { memberReach, type MemberAction } from '../../../shared/member-policy';
import type { SessionUser } from '../../../shared/contracts/auth';

/** The list route of each kind (docs/domains/members.md "Screens and routes"). */
export const LIST_PATHS: Record<PersonKindPath, string> = {
  subadmins: '/member/sub-admins',
  teachers: '/member/teachers',
  students: '/member/students',
  parents: '/member/parents',
};

export function kindOfPath(pathname: string): PersonKindPath {
  const found = (Object.entries(LIST_PATHS) as [PersonKindPath, string][]).find(([, path]) =>
    pathname.toLowerCase().startsWith(path.toLowerCase()),
  );
  return found?.[0] ?? 'students';
}

/** The profile slug is the role ("student", "subadmin"); a route that says so names the kind. */
export function kindOfSlug(slug: string | undefined): PersonKindPath | null {
  return slug && slug in KIND_OF_ROLE ? KIND_OF_ROLE[slug as PersonRole] : null;
}

export function profilePath(role: PersonRole, id: string): string {
  return `/member/${role}/${encodeURIComponent(id)}`;
}

/** What the screens offer: exactly what the members policy allows (the server enforces it). */
export type Offer = {
  list: boolean;
  manage: boolean;
  instruments: boolean;
  import: boolean;
};

export function offerFor(user: Pick<SessionUser, '_id' | 'role' | 'addrole' | 'adminId'>, kind: PersonKindPath): Offer {
  const actor = { id: user._id, role: user.role, adminId: user.adminId, addrole: user.addrole };
  const role = ROLE_OF_KIND[kind];
  const may = (action: MemberAction) => memberReach(actor, action, role) !== null;
  return { list: may('list'), manage: may('create'), instruments: may('updateInstruments'), import: may('import') };
}
