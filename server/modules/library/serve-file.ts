import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppServices } from '../../context.js';
import { libraryFiles } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-errors.js';
import { StorageNotFoundError, type ByteRange } from '../../services/storage/storage.js';
import { LIBRARY_MESSAGES as M } from '../../../shared/contracts/library.js';

type LinkQuery = { school: string; exp: number; sig: string; download?: '0' | '1' };

/** "bytes=a-b", "bytes=a-", "bytes=-n" of a file of `size` bytes; null: the whole file; 'bad': 416. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'bad';
  return { start, end };
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET /api/library/file/{id}: streams a file to whoever holds a valid signed link (made only for
 * people who may see it). A wrong or expired signature answers exactly as a missing file (404).
 */
export async function serveFile(services: AppServices, req: FastifyRequest, reply: FastifyReply, id: string, q: LinkQuery) {
  if (!services.fileLinks.verify(id, q.school, q.exp, q.sig)) throw notFound(M.linkInvalid);
  const [file] = await services.db.transaction({ kind: 'school', adminId: q.school }, (tx) =>
    tx.select().from(libraryFiles).where(and(eq(libraryFiles.id, id), eq(libraryFiles.adminId, q.school))).limit(1));
  if (!file) throw notFound(M.linkInvalid);
  const range = parseRange(req.headers.range, file.sizeBytes);
  if (range === 'bad') {
    return reply.code(416).header('content-range', `bytes */${file.sizeBytes}`).send({ status: 416, message: 'Range not satisfiable', data: null });
  }
  let body;
  try {
    body = await services.storage.get(file.storageKey, range ?? undefined);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound(M.linkInvalid);
    throw error;
  }
  reply
    .header('content-type', file.contentType)
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(q.download === '1' ? 'attachment' : 'inline', file.name))
    // The link is the key: nobody but its holder's browser keeps a copy.
    .header('cache-control', 'private, max-age=600')
    .header('referrer-policy', 'no-referrer');
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`).header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', file.sizeBytes);
  }
  return reply.send(body);
}
