import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, encryptionKeyOf, SecretBoxError } from './secret-box.js';
import { parseEncryptionKey, readConfig } from '../config.js';

const key = randomBytes(32);
const box = createSecretBox(key);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('secret box', () => {
  it('round-trips a value and never stores it in the clear', () => {
    const sealed = box.seal('9Kx2TransKey4321');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('9Kx2TransKey4321');
    expect(box.open(sealed)).toBe('9Kx2TransKey4321');
  });

  it('uses a fresh IV each time: the same value seals differently', () => {
    const a = box.seal('same');
    const b = box.seal('same');
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
    expect(Buffer.from(a.split(':')[1]!, 'base64')).toHaveLength(12);
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const [v, iv, tag, data] = box.seal('apiLogin123').split(':') as [string, string, string, string];
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    expect(() => box.open([v, iv, tag, flip(data)].join(':'))).toThrow(SecretBoxError);
    expect(() => box.open([v, iv, flip(tag), data].join(':'))).toThrow(SecretBoxError);
    expect(() => box.open([v, flip(iv), tag, data].join(':'))).toThrow(SecretBoxError);
    expect(() => box.open('v2:x:y:z')).toThrow(SecretBoxError);
  });

  it('fails with another key, and the error carries no plaintext', () => {
    const sealed = box.seal('secretValue99');
    const other = createSecretBox(randomBytes(32));
    let message = '';
    try {
      other.open(sealed);
    } catch (error) {
      expect(error).toBeInstanceOf(SecretBoxError);
      message = (error as Error).message;
    }
    expect(message).not.toBe('');
    expect(message).not.toContain('secretValue99');
  });

  it('reads ENCRYPTION_KEY as hex or base64 and refuses anything else', () => {
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(readConfig({ ENCRYPTION_KEY: key.toString('base64') }).encryptionKey).toEqual(key);
    expect(() => parseEncryptionKey('short')).toThrow(/32 bytes/);
    expect(() => parseEncryptionKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('without ENCRYPTION_KEY makes one key in DATA_DIR/encryption.key (mode 0600) and keeps it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cadenza-key-'));
    dirs.push(dataDir);
    const first = encryptionKeyOf({ dataDir });
    const file = join(dataDir, 'encryption.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseEncryptionKey(readFileSync(file, 'utf8'))).toEqual(first);
    expect(encryptionKeyOf({ dataDir })).toEqual(first);
    expect(encryptionKeyOf({ dataDir, encryptionKey: key })).toEqual(key);
  });
});
