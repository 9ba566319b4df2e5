import { z } from 'zod';
import type { Role } from '../roles.js';
import { uuid } from './common.js';
import { defineRoute, fileResponse } from './route.js';

/**
 * A whole-school export, and a family's own (issue 30, decision 092): one .zip of a CSV a table,
 * the uploaded files and a README. Always built by a background job; the page follows its progress
 * and offers the download to the person who asked, and to nobody else. Calls under /api/dataExport:
 *   POST start       asks for an export (the school's: its admin; their own: a student or parent)
 *   GET  latest      the caller's newest export with its progress, or null
 *   GET  file/{id}   the finished archive, for the person who asked only (anyone else: 404)
 */
export const DATA_EXPORT_SCOPES = ['school', 'mine'] as const;
export type DataExportScope = (typeof DATA_EXPORT_SCOPES)[number];

/** Who may ask for which export (docs/domains/schools.md "A school's data, exported"); the server's policy reads the same. */
export const DATA_EXPORT_ROLES: Record<DataExportScope, readonly Role[]> = {
  school: ['admin'],
  mine: ['student', 'parent'],
};

export const DATA_EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a finished archive stays downloadable. */
export const DATA_EXPORT_KEEP_DAYS = 7;

export const DATA_EXPORT_MESSAGES = {
  scopeRequired: 'Choose what to export',
  started: 'Your export has started',
  alreadyRunning: 'Your export is already being prepared',
  notAllowed: 'You may not export this data',
  notInLoginAs: 'An export is asked for by the person themselves, not while acting as them',
  notFound: 'Export not found',
  expired: 'This export has expired: start a new one',
  notReady: 'This export is not ready yet',
  failed: 'The export could not be completed. Please try again.',
} as const;

export const startDataExportBody = z.object({
  scope: z.enum(DATA_EXPORT_SCOPES, { error: DATA_EXPORT_MESSAGES.scopeRequired }),
});
export type StartDataExportBody = z.infer<typeof startDataExportBody>;

export const dataExport = z.object({
  _id: z.string(),
  scope: z.enum(DATA_EXPORT_SCOPES),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Tables and files written so far, of `totalSteps` (0 until the job has counted them). */
  doneSteps: z.number().int(),
  totalSteps: z.number().int(),
  /** 0 to 100. */
  percent: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the archive is removed; null until it is ready. */
  expiresAt: z.string().nullable(),
  /** Why it failed, in words for people; null otherwise. */
  error: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;

export const dataExportIdParams = z.object({ id: uuid });

const tags = ['data-export'] as const;
const askers: readonly Role[] = [...DATA_EXPORT_ROLES.school, ...DATA_EXPORT_ROLES.mine];
// Exporting is what a school whose plan lapsed may still do (decision 071).
const meta = { roles: askers, tags, lapsedSchool: 'open' } as const;

export const DATA_EXPORT_ROUTES = {
  start: defineRoute({ method: 'POST', path: '/dataExport/start', body: startDataExportBody, response: dataExport, meta }),
  latest: defineRoute({ method: 'GET', path: '/dataExport/latest', response: dataExport.nullable(), meta }),
  file: defineRoute({ method: 'GET', path: '/dataExport/file/:id', params: dataExportIdParams, response: fileResponse('application/zip'), meta }),
};

/** The scope a role's page offers: the school's for its admin, their own for a student or parent; null for the others. */
export function exportScopeOf(role: Role): DataExportScope | null {
  return DATA_EXPORT_SCOPES.find((scope) => DATA_EXPORT_ROLES[scope].includes(role)) ?? null;
}

/** "12.5 MB", for the download's size. */
export function exportSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
