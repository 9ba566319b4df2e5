import type { SignupItem } from '../../../shared/contracts/signupWidget.js';
import type { Level } from '../../../shared/constants.js';
import type { studentSignups } from '../../db/schema/index.js';

type SignupRow = typeof studentSignups.$inferSelect;

/** genreNames: every genre id of the rows → its name (a genre is never deleted, but stay safe). */
export function presentSignup(row: SignupRow, genreNames: Map<string, string>): SignupItem {
  return {
    _id: row.id,
    adminId: row.adminId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    cellPhone: row.cellPhone,
    instruments: row.genres.map((g) => ({ genreId: { _id: g.genreId, name: genreNames.get(g.genreId) ?? 'Unknown' }, level: g.level as Level })),
    status: row.status as SignupItem['status'],
    studentId: row.studentId,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
