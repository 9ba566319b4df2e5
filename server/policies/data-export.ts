import type { Role } from '../../shared/roles.js';
import { DATA_EXPORT_ROLES, type DataExportScope } from '../../shared/contracts/data-export.js';

/**
 * Who may export what (decision 092; docs/domains/schools.md "A school's data, exported"). Pure,
 * with a matrix test.
 *
 * - The school's whole data: its admin alone. A sub-admin, a teacher, a student or a parent is
 *   refused (403) before anything is read; the provider exports no school through this.
 * - Their own data: a student (theirs) and a parent (theirs and their children's).
 * - An export is downloaded and followed by the person who asked for it only: anyone else's,
 *   in the school or in another, is not found (404), never "refused".
 */
export type ExportAsker = { id: string; role: Role };

export const mayExport = (asker: Pick<ExportAsker, 'role'>, scope: DataExportScope): boolean => DATA_EXPORT_ROLES[scope].includes(asker.role);

/** Whose records a personal export holds besides the asker's own: a parent's children. */
export const exportsChildren = (asker: Pick<ExportAsker, 'role'>): boolean => asker.role === 'parent';

export function decideReadExport(asker: Pick<ExportAsker, 'id'>, exported: { requestedBy: string }): 'allow' | 'not-found' {
  return exported.requestedBy === asker.id ? 'allow' : 'not-found';
}
