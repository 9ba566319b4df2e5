/**
 * The one way the client talks to the server (docs/domains/conventions.md "API envelope and errors"): every answer is an
 * envelope `{ status, message, data, errors? }`; a failure becomes an ApiError carrying the
 * server's message and per-field errors so forms can place them.
 */
import type { Envelope } from '../../shared/contracts/common';
import { navigateTo, reloadPage } from './navigation';
import { notifyError } from './notify';
import { currentToken, dropRefusedSession } from './session';

export const API_BASE = '/api';
export const GENERIC_ERROR = 'Something went wrong. Please try again.';
export const NETWORK_ERROR = 'Cannot reach Cadenza. Check your connection and try again.';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;

  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/**
 * - `session` (default): the current bearer; a 401 or 402 answer is handled for the whole app.
 * - `none`: no token and no session handling (sign-in, forgot and reset password).
 * - `{ token }`: ends or uses one particular session, e.g. logging out of a login-as session.
 */
export type ApiAuth = 'session' | 'none' | { token: string };

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  auth?: ApiAuth;
  signal?: AbortSignal;
  /** Use this answer, already asked for (lib/prefetched.ts), instead of sending the request. */
  prefetched?: Promise<Response>;
};

function bearerFor(auth: ApiAuth): string | null {
  if (auth === 'session') return currentToken();
  if (auth === 'none') return null;
  return auth.token;
}

async function readEnvelope<T>(response: Response): Promise<Partial<Envelope<T>> | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Partial<Envelope<T>>) : null;
  } catch {
    return null;
  }
}

/** docs/domains/conventions.md "API envelope and errors": drop the session that was refused (login-as first) and start over from a fresh page. */
function handleUnauthorized(refusedToken: string): void {
  dropRefusedSession(refusedToken);
  reloadPage();
}

/** docs/domains/conventions.md "API envelope and errors": the school's plan does not allow this; the dashboard explains what it allows. */
function handlePaymentRequired(message: string): void {
  if (window.location.pathname !== '/dashboard') navigateTo('/dashboard');
  notifyError(message, 'Not included in your plan');
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { body, auth = 'session', signal, prefetched } = options;
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = bearerFor(auth);
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await (prefetched ??
      fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }

  const envelope = await readEnvelope<T>(response);
  if (response.ok && envelope && 'data' in envelope) return envelope as Envelope<T>;

  const message = envelope?.message || GENERIC_ERROR;
  // Without a token there is no session to drop, and reloading would only loop.
  if (auth === 'session' && token && response.status === 401) handleUnauthorized(token);
  if (auth === 'session' && response.status === 402) handlePaymentRequired(message);
  throw new ApiError(response.status, message, envelope?.errors ?? {});
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  /** A DELETE with a JSON body, e.g. `{ id }` (the calls of docs/domains/conventions.md "API envelope and errors" send ids this way). */
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE', body }),
};

/** The text to show for any failure, including ones that are not ApiErrors. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_ERROR;
}
