import { ApiError } from '../../lib/api';

/**
 * A 409 that is only about the room: the office may book anyway. The server names the clash in
 * its message and puts it under roomId; a clash of teacher or student is never overridable.
 */
export function isRoomOnlyClash(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const fields = Object.keys(error.errors);
  if (fields.length > 0) return fields.every((f) => f === 'roomId');
  return /\broom\b/i.test(error.message) && !/\b(teacher|student|class)/i.test(error.message);
}

export function isClash(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
