import { fieldError } from '../../../lib/http-errors.js';

/** A unique index that a concurrent request beat us to answers like the check before it. */
export function rethrowUniqueName(error: unknown, constraint: string, field: string, message: string): never {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = e as { code?: string; constraint?: string };
    if (c.code === '23505' && c.constraint === constraint) throw fieldError(field, message);
  }
  throw error;
}
