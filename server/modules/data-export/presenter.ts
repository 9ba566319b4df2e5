import type { DataExportRow } from '../../db/schema/index.js';
import type { DataExport } from '../../../shared/contracts/data-export.js';

/** An export as its page shows it (shared/contracts/data-export.ts). */
export function presentExport(row: DataExportRow): DataExport {
  const percent = row.status === 'ready' ? 100 : row.totalSteps > 0 ? Math.min(99, Math.floor((row.doneSteps * 100) / row.totalSteps)) : 0;
  return {
    _id: row.id,
    scope: row.scope as DataExport['scope'],
    status: row.status as DataExport['status'],
    doneSteps: row.doneSteps,
    totalSteps: row.totalSteps,
    percent,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    error: row.error,
  };
}
