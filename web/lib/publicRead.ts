import { request } from './api';

/** A route's address alone: what a call needs of its contract (shared/contracts/route.ts). */
export type RouteAddress = { readonly method: 'GET' | 'POST'; readonly path: string };

/**
 * A public page's first read by its route's address, without the route's contract (decision 077):
 * the contract's schemas bring zod, and often the phone rule, to a page that paints from the
 * answer alone; the form that sends something loads them when the visitor starts typing.
 * publicRead.test.ts holds every address equal to its contract's. No session: a 401 here is an
 * answer to show, not a sign-out.
 */
export async function readPublic<T>(address: RouteAddress, body?: unknown, prefetched?: Promise<Response>): Promise<T> {
  return (await request<T>(address.path, { method: address.method, body, auth: 'none', prefetched })).data;
}
