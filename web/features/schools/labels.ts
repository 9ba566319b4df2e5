import type { AddRole } from '../../../shared/roles';

/** "School" or "Private Teacher", as titles and buttons say it. */
export function roleNoun(addrole: AddRole): string {
  return addrole === 'School' ? 'School' : 'Private Teacher';
}

/** The list page and the details page of each kind (docs/domains/schools.md "Screens and routes"). */
export function listPathFor(addrole: AddRole): string {
  return addrole === 'School' ? '/member/list-school' : '/member/private-teacher';
}

export function detailsPathFor(addrole: AddRole, id: string): string {
  const base = addrole === 'School' ? '/superadmin/view-school-details' : '/superadmin/view-teacher-details';
  return `${base}/${encodeURIComponent(id)}`;
}

export function cityState(city: string, state: string): string {
  return [city, state].filter(Boolean).join(', ') || '—';
}
