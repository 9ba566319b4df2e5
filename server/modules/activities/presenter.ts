import { ACTIVITY_LABELS, type ActivityItem } from '../../../shared/contracts/activities.js';
import { inZone } from '../../../shared/school-clock.js';

type Person = { id: string; firstName: string; lastName: string; role: string };
export type ActivityRow = {
  id: string;
  action: string;
  meta: Record<string, unknown> | null;
  createdAt: Date;
  /** The school's zone: the time is shown in it. */
  timeZone: string;
  actor: Person | null;
  target: Person | null;
};

const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`;
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Actions whose target is always a person. */
const ABOUT_A_PERSON = new Set([
  'loginas.start', 'loginas.end', 'member.added', 'member.updated', 'member.activated', 'member.deactivated', 'signup.approved', 'signup.declined',
]);

/**
 * The sentence Recent activities shows: who, what (ACTIVITY_LABELS), and whom or which
 * ("Eleanor Whitfield added Lily Chen (student)", "Eleanor Whitfield added the family Chen family").
 * The names are today's: a renamed person reads under their new name.
 */
export function activitySentence(row: Pick<ActivityRow, 'action' | 'meta' | 'actor' | 'target'>): string {
  const label = (ACTIVITY_LABELS as Record<string, string>)[row.action] ?? row.action;
  const metaName = text(row.meta?.name);
  // A person removed since keeps their line (the target is then null, migration 0008).
  const target = row.target ? `${nameOf(row.target)} (${row.target.role})` : metaName ?? (ABOUT_A_PERSON.has(row.action) ? 'a removed member' : undefined);
  // A widget signup is made by the person signing up, not by anyone of the school.
  if (row.action === 'signup.received') return `${target ?? 'Someone'} ${label}`;
  const actor = row.actor ? nameOf(row.actor) : 'Someone';
  return [actor, label, target].filter(Boolean).join(' ');
}

export function presentActivity(row: ActivityRow): ActivityItem {
  const person = (p: Person | null) => (p ? { _id: p.id, first_name: p.firstName, last_name: p.lastName, role: p.role } : null);
  return {
    _id: row.id,
    action: row.action,
    text: activitySentence(row),
    actor: person(row.actor),
    target: person(row.target),
    // The same instant, written with the school's offset.
    createdAt: inZone(row.createdAt, row.timeZone).toISO({ suppressMilliseconds: true }) ?? row.createdAt.toISOString(),
    timeZone: row.timeZone,
  };
}
