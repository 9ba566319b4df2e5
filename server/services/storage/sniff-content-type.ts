import type { FileKind } from '../../../shared/contracts/library.js';

export type SniffedType = { type: string; kind: FileKind };

/** How many leading bytes sniffContentType reads. */
export const SNIFF_BYTES = 4096;

const ascii = (b: Buffer, at: number, text: string) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;
const bytes = (b: Buffer, at: number, values: number[]) => b.length >= at + values.length && values.every((v, i) => b[at + i] === v);

/**
 * The content type of a file from its first bytes (magic numbers), or null when it is none we
 * accept. A name or a browser's claimed type is never believed: a renamed HTML page or script
 * must not come back as something a browser would run.
 */
export function sniffContentType(head: Buffer): SniffedType | null {
  if (ascii(head, 0, '%PDF-')) return { type: 'application/pdf', kind: 'pdf' };
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: 'image/png', kind: 'image' };
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', kind: 'image' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return { type: 'image/gif', kind: 'image' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { type: 'image/webp', kind: 'image' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { type: 'audio/wav', kind: 'audio' };
  if (ascii(head, 0, 'OggS')) return { type: 'audio/ogg', kind: 'audio' };
  if (ascii(head, 0, 'ID3')) return { type: 'audio/mpeg', kind: 'audio' };
  // An MPEG audio frame: 11 sync bits, then a layer other than the reserved 00 (ADTS's).
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0) return { type: 'audio/mpeg', kind: 'audio' };
  if (ascii(head, 4, 'ftyp')) {
    const brand = head.toString('latin1', 8, 12);
    return brand === 'M4A ' || brand === 'M4B ' ? { type: 'audio/mp4', kind: 'audio' } : { type: 'video/mp4', kind: 'video' };
  }
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { type: 'video/webm', kind: 'video' };
  if (isPlainText(head)) return { type: 'text/plain; charset=utf-8', kind: 'text' };
  return null;
}

// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/** UTF-8 without NUL or other controls (a trailing character cut by the head's end is fine). */
function isPlainText(head: Buffer): boolean {
  if (head.length === 0) return false;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return !BINARY.test(text);
  } catch {
    return false;
  }
}
