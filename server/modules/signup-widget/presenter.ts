import type { SignupItem } from '../../../shared/contracts/signup-widget.js';
import type { Level } from '../../../shared/constants.js';
import type { studentSignups } from '../../db/schema/index.js';

type SignupRow = typeof studentSignups.$inferSelect;

/** Names of the genres and plans the rows name (a genre is never deleted, but stay safe). */
export type SignupNames = { genres: Map<string, string>; plans: Map<string, string> };

export function presentSignup(row: SignupRow, names: SignupNames): SignupItem {
  const planName = row.planId ? names.plans.get(row.planId) : undefined;
  return {
    _id: row.id,
    adminId: row.adminId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    cellPhone: row.cellPhone,
    instruments: row.genres.map((g) => ({ genreId: { _id: g.genreId, name: names.genres.get(g.genreId) ?? 'Unknown' }, level: g.level as Level })),
    status: row.status as SignupItem['status'],
    plan: row.planId && planName ? { _id: row.planId, planName } : null,
    studentId: row.studentId,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
