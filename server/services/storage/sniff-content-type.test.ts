import { describe, expect, it } from 'vitest';
import { sniffContentType } from './sniff-content-type.js';
import { createFileLinkSigner } from './signed-links.js';

const b = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffContentType', () => {
  it.each([
    ['PDF', b('%PDF-1.7\n'), 'application/pdf', 'pdf'],
    ['PNG', b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png', 'image'],
    ['JPEG', b([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg', 'image'],
    ['GIF', b('GIF89a', [1, 0]), 'image/gif', 'image'],
    ['WEBP', b('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'image'],
    ['WAV', b('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav', 'audio'],
    ['MP3 (ID3)', b('ID3', [4, 0, 0]), 'audio/mpeg', 'audio'],
    ['MP3 (frame)', b([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg', 'audio'],
    ['OGG', b('OggS', [0, 2]), 'audio/ogg', 'audio'],
    ['M4A', b([0, 0, 0, 0x20], 'ftypM4A ', [0, 0]), 'audio/mp4', 'audio'],
    ['MP4', b([0, 0, 0, 0x20], 'ftypisom', [0, 0]), 'video/mp4', 'video'],
    ['WEBM', b([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'video/webm', 'video'],
    ['text', Buffer.from('Lyrics, verse 1\r\n\tHum along — ♪\n', 'utf8'), 'text/plain; charset=utf-8', 'text'],
  ])('knows %s from its bytes', (_name, head, type, kind) => {
    expect(sniffContentType(head)).toEqual({ type, kind });
  });

  it.each([
    ['an executable', b('MZ', [0x90, 0, 3, 0, 0, 0])],
    ['a zip', b('PK', [3, 4, 20, 0])],
    ['binary noise', b([0, 1, 2, 3, 0xfe, 0xff])],
    ['Latin-1 bytes that are not UTF-8', b([0x63, 0x61, 0x66, 0xe9, 0x20, 0x41])],
    ['nothing', b()],
  ])('refuses %s', (_name, head) => {
    expect(sniffContentType(head)).toBeNull();
  });
});

describe('signed file links', () => {
  const signer = createFileLinkSigner(Buffer.alloc(32, 7));
  const exp = Math.floor(Date.now() / 1000) + 60;
  it('verify their own signature until they expire, for that file and school only', () => {
    const sig = signer.sign('f1', 's1', exp);
    expect(signer.verify('f1', 's1', exp, sig)).toBe(true);
    expect(signer.verify('f2', 's1', exp, sig)).toBe(false);
    expect(signer.verify('f1', 's2', exp, sig)).toBe(false);
    expect(signer.verify('f1', 's1', exp + 1, sig)).toBe(false);
    expect(signer.verify('f1', 's1', exp, sig, (exp + 1) * 1000)).toBe(false);
    expect(createFileLinkSigner(Buffer.alloc(32, 8)).verify('f1', 's1', exp, sig)).toBe(false);
  });
});
