import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../lib/http-errors.js';
import { hasControlCharacters } from '../../../shared/contracts/common.js';
import { NAME_MAX } from '../../../shared/constants.js';
import { LIBRARY_MAX_FILE_BYTES, LIBRARY_MESSAGES as M } from '../../../shared/contracts/library.js';
import { SNIFF_BYTES, sniffContentType, type SniffedType } from '../../services/storage/sniff-content-type.js';

export type ReceivedFile = SniffedType & { path: string; name: string; size: number };
export type Received = { files: ReceivedFile[]; fields: Record<string, string>; cleanup: () => Promise<void> };

/** The limits @fastify/multipart enforces while reading (its register options). */
export const multipartLimits = (maxFiles: number) => ({
  fileSize: LIBRARY_MAX_FILE_BYTES, files: maxFiles, fields: 5, fieldSize: 1000, parts: maxFiles + 5, headerPairs: 50,
});

/**
 * A person's file name as display text only: its last path segment, without control characters,
 * within NAME_MAX (the extension kept). It never becomes a path: files are stored under random keys.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base].filter((c) => !hasControlCharacters(c) && !/[\u2028\u2029]/.test(c)).join('').replace(/\s+/g, ' ').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return 'file';
  if (cleaned.length <= NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return `${cleaned.slice(0, NAME_MAX - ext.length - 1).trimEnd()}…${ext}`;
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const CODES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: M.tooLarge,
  FST_FILES_LIMIT: M.tooMany,
  FST_PARTS_LIMIT: M.tooMany,
};

/**
 * Reads a multipart request: every file of `field` spooled to a private temporary folder (memory
 * stays flat whatever the size), then checked (size, type from its bytes). Any failure is a 400 on
 * `field` before anything is stored; the caller stores the files, then calls cleanup.
 */
export async function receiveUploads(req: FastifyRequest, field: string): Promise<Received> {
  if (!req.isMultipart()) throw fieldError(field, M.fileRequired);
  const dir = await mkdtemp(join(tmpdir(), 'cadenza-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw fieldError(field, M.fileRequired);
      }
      const path = join(dir, String(files.length));
      await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
      if (part.file.truncated) throw fieldError(field, M.tooLarge);
      const size = part.file.bytesRead;
      if (size === 0) throw fieldError(field, M.empty);
      const type = sniffContentType(await readHead(path));
      if (!type) throw fieldError(field, M.typeRefused);
      files.push({ ...type, path, name: cleanFileName(part.filename), size });
    }
    if (files.length === 0) throw fieldError(field, M.fileRequired);
    return { files, fields, cleanup };
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code && CODES[code]) throw fieldError(field, CODES[code]!);
    throw error;
  }
}
