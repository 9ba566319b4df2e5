/**
 * Stubs for web tests that talk to the API: a signed-in session and a fetch that answers in the
 * API's envelope ({ status, message, data, errors }) and records what it was sent.
 */
import { vi } from 'vitest';
import type { SessionUser } from '../../shared/contracts/auth';
import { permissionsOf } from '../../shared/permissions';
import { TOKEN_COOKIE, writeCookie } from '../lib/cookies';
import { USER_KEY } from '../lib/session';

/** Signs in as `role` the way the app keeps a session (token cookie + stored user). */
export function sessionAs(
  role: SessionUser['role'],
  addrole: SessionUser['addrole'] = role === 'admin' ? 'School' : null,
  overrides: Partial<SessionUser> = {},
): SessionUser {
  const user: SessionUser = {
    _id: 'u1', username: role, email: `${role}@example.com`, first_name: 'Eleanor', last_name: 'Whitfield', role, addrole,
    adminId: 'a1', school_name: 'Riverside', showStore: false, allow_payroll_report: false, emailVerified: true,
    permissions: permissionsOf({ role, addrole, showStore: overrides.showStore ?? false, allowPayrollReport: overrides.allow_payroll_report ?? false }), ...overrides,
  };
  writeCookie(TOKEN_COOKIE, 'tok');
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  return user;
}

export type Call = { url: string; method: string; body: Record<string, unknown> | undefined };
export type Answer = { status?: number; message?: string; data?: unknown; errors?: Record<string, string> };

/**
 * Replaces fetch: each call gets `handle`'s answer, or `fallback`'s when `handle` returns
 * undefined (e.g. the standard options of the pickers). Returns the calls, in order.
 */
export function fakeServer(
  handle: (call: Call) => Answer | undefined,
  fallback: (call: Call) => Answer = () => ({ data: null }),
): Call[] {
  const calls: Call[] = [];
  fakeFetch((call) => {
    calls.push(call);
    return handle(call);
  }, fallback);
  return calls;
}

/**
 * `fakeServer` that returns the fetch mock itself, for the tests that read the arguments fetch
 * was called with (`mock.calls`: the URL and the RequestInit as the app built them) or the
 * promise it answered (`mock.results`). `handle` may answer later (a promise), for the tests
 * that look at the page while a call is on its way or that hold several calls in flight.
 */
export function fakeFetch(
  handle: (call: Call) => Answer | undefined | Promise<Answer | undefined>,
  fallback: (call: Call) => Answer = () => ({ data: null }),
) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      url, method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    const { status = 200, message = 'OK', data = null, errors } = (await handle(call)) ?? fallback(call);
    return new Response(JSON.stringify({ status, message, data, errors }), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A Mantine Select's input (its listbox carries the same label). */
export function selectInput(container: { getAllByLabelText: (label: string) => HTMLElement[] }, label: string): HTMLElement {
  return container.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
}

export type Sent = { url: string; init: RequestInit };

/**
 * Replaces fetch and the browser's side of a download (the link's click, the blob's URL): the
 * call `isFile` picks gets `file` as text, any other `data`'s answer in the API's envelope.
 * Returns every request as it was sent and the click, to wait for the download.
 */
export function fakeDownloads(isFile: (url: string) => boolean, file: { text: string; name: string }, data: (url: string) => unknown) {
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    sent.push({ url, init });
    if (isFile(url)) return new Response(file.text, { headers: { 'Content-Disposition': `attachment; filename="${file.name}"` } });
    return new Response(JSON.stringify({ status: 200, message: 'OK', data: data(url) }));
  }));
  return { click, sent };
}
