import type { Actor } from '../lib/actor.js';
import { memberReachOf, type MemberReach } from './member-reach.js';

/**
 * The student report (issue 15). One place, pure functions, a matrix test.
 *
 * - Staff (admin, sub-admin) read every student of the school; a teacher their students (the
 *   relations module's answer, decision 016); a student themself; a parent their children.
 * - The superadmin has no school to report on (403), as their route table has no student report.
 * - A student named in a filter outside the reader's reach is not found (404), as another school's.
 */
type ReportsActor = Pick<Actor, 'role' | 'adminId'>;

export type StudentReportReach = MemberReach;

/** Whose rows the reader sees, or null when they have no student report (403). */
export function studentReportReach(actor: ReportsActor): StudentReportReach | null {
  return actor.adminId === null ? null : memberReachOf(actor.role);
}
