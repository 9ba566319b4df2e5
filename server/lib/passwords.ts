import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read.
const ARGON2ID = 2;

// docs/domains/conventions.md "Sessions and impersonation": argon2id, 19 MiB, 2 iterations, parallelism 1 (OWASP's minimum).
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash that no password matches, so an unknown user costs the same time as a wrong password. */
const DUMMY_HASH = hash('not-a-real-password', OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
