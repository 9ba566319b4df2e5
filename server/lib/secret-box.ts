import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { parseEncryptionKey } from '../config.js';

/**
 * Secrets at rest (a school's gateway keys): AES-256-GCM, a fresh 12-byte IV per value, stored
 * as "v1:iv:tag:ciphertext" in base64. GCM's tag makes any change to a stored value, or opening
 * it with another key, fail instead of answering garbage. Errors never carry the plaintext.
 */
export type SecretBox = {
  seal(plaintext: string): string;
  open(sealed: string): string;
};

const VERSION = 'v1';
const IV_BYTES = 12;

export class SecretBoxError extends Error {}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretBoxError('The encryption key must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, data, ...rest] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined || rest.length > 0) throw new SecretBoxError('Not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        // Node's own message is generic, but the wrapped error keeps callers from logging internals.
        throw new SecretBoxError('A sealed value could not be opened (changed, or sealed with another key)');
      }
    },
  };
}

const KEY_FILE = 'encryption.key';

/**
 * The key of ENCRYPTION_KEY, or else one made on first use and kept in DATA_DIR/encryption.key
 * (readable by this user only). Several app nodes must share ENCRYPTION_KEY: each node's own
 * file would hold a different key.
 */
export function encryptionKeyOf(config: Pick<Config, 'encryptionKey' | 'dataDir'>): Buffer {
  if (config.encryptionKey) return config.encryptionKey;
  const path = join(config.dataDir, KEY_FILE);
  try {
    return parseEncryptionKey(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': two processes racing on an empty folder keep the first key, never two.
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return parseEncryptionKey(readFileSync(path, 'utf8'));
    throw error;
  }
  chmodSync(path, 0o600);
  return key;
}

const boxes = new WeakMap<object, SecretBox>();

/** The app's secret box, made once per configuration. */
export function secretBoxOf(config: Pick<Config, 'encryptionKey' | 'dataDir'>): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox(encryptionKeyOf(config));
    boxes.set(config, box);
  }
  return box;
}
