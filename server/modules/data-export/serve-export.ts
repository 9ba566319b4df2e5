import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../../context.js';
import { dataExports } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { decideReadExport } from '../../policies/data-export.js';
import { StorageNotFoundError } from '../../services/storage/storage.js';
import { DATA_EXPORT_MESSAGES as M } from '../../../shared/contracts/data-export.js';

/**
 * GET /api/dataExport/file/{id}: the archive, streamed from storage to the person who asked for
 * it. Anyone else's export, in this school or another (row-level security), is not found.
 */
export async function serveExport(services: AppServices, actor: Actor, reply: FastifyReply, id: string, now: Date): Promise<FastifyReply> {
  const [row] = await services.db.transaction(actor.tenant, (tx) => tx.select().from(dataExports).where(eq(dataExports.id, id)).limit(1));
  if (!row || decideReadExport(actor, row) === 'not-found') throw notFound(M.notFound);
  if (row.status !== 'ready' || !row.storageKey) throw conflict(M.notReady);
  if (row.expiresAt && row.expiresAt <= now) throw notFound(M.expired);
  let body;
  try {
    body = await services.storage.get(row.storageKey);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound(M.expired);
    throw error;
  }
  const ascii = row.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
    .header('cache-control', 'private, no-store');
  if (row.sizeBytes !== null) reply.header('content-length', row.sizeBytes);
  return reply.send(body);
}
