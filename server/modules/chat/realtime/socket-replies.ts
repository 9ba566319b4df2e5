import type { z } from 'zod';
import { AppError } from '../../../lib/http-errors.js';
import type { ChatAck } from '../../../../shared/contracts/chat.js';

/** A socket event's answer, shaped as the HTTP envelope (so the web client reads both alike). */
export const ack = <T>(data: T, message = 'Success'): ChatAck<T> => ({ status: 200, message, data });

export function failure(status: number, message: string, errors?: Record<string, string>): ChatAck<null> {
  return { status, message, data: null, ...(errors ? { errors } : {}) };
}

/** A payload that failed its schema: 400 with a message per field, as the HTTP errors plugin does. */
export function invalid(error: z.ZodError): ChatAck<null> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return failure(400, Object.values(errors)[0] ?? 'Invalid request', errors);
}

/** An AppError keeps its status and message; anything else is a 500 that shows no internals. */
export function fromError(error: unknown): { reply: ChatAck<null>; unexpected: boolean } {
  if (error instanceof AppError) return { reply: failure(error.status, error.message, error.errors), unexpected: false };
  return { reply: failure(500, 'Something went wrong'), unexpected: true };
}

/** A refusal at connection: socket.io-client's connect_error carries `data`. */
export function refusal(status: number, message: string): Error {
  return Object.assign(new Error(message), { data: { status, message } });
}
