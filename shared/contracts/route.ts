import { z } from 'zod';
import type { Role } from '../roles.js';

/**
 * A route as a contract (decision 059): its method, its path under /api, its request schemas, the
 * `data` of its answer and who may call it live here, in one value. The server registers the route
 * from it (server/lib/contract-route.ts), the OpenAPI document shows its answer, and the web calls it
 * through web/lib/callApi.ts with the URL, method and types taken from it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: 'public' (no session), 'optionalSession' (public, answers a signed-in caller
 * differently), 'signedIn' (any role) or these roles alone (a session of another role is 403).
 */
export type Callers = 'public' | 'optionalSession' | 'signedIn' | readonly Role[];

export type RouteMeta = {
  roles: Callers;
  /** The OpenAPI document's group. */
  tags: readonly string[];
  /** Charges, refunds or pays out money (a refund through the gateway, a card payment, a payout). */
  movesMoney?: boolean;
  /**
   * Charges, saves, removes or makes default a saved card, or turns autopay on or off: only the
   * card's owner or their payer may, so a login-as by staff is refused before the handler
   * (server/policies/family-cards.ts, decision 069). Staff's own refunds and payouts are not this.
   */
  usesFamilyCard?: boolean;
  /**
   * 'open': a school whose plan lapsed may still call it (reading and exporting its own data,
   * sign-in, profile, paying its own plan, help: decision 071); by default a lapsed school is
   * answered 402. The session guard reads it from the route's config, never from its URL.
   */
  lapsedSchool?: 'open' | 'closed';
};

type Schema = z.ZodType;

/** An answer that is a file (a CSV, a PDF, an iCalendar feed) of one of these content types, not the envelope. */
export type FileResponse = { readonly file: readonly [string, ...string[]] };
export const fileResponse = <const T extends readonly [string, ...string[]]>(...contentTypes: T) => ({ file: contentTypes });
export const isFileResponse = (response: RouteContract['response']): response is FileResponse => 'file' in response;

/** An answer that is a redirect (auth's e-mail verification link): a 302 with its Location, no envelope. */
export type RedirectResponse = { readonly redirect: 302 };
export const redirectResponse = (): RedirectResponse => ({ redirect: 302 });
export const isRedirectResponse = (response: RouteContract['response']): response is RedirectResponse => 'redirect' in response;

export type RouteContract = {
  method: HttpMethod;
  /** Under /api, Fastify's style: `/family/view/:id`. */
  path: string;
  params?: Schema;
  querystring?: Schema;
  /** Request headers the server reads (e.g. Idempotency-Key); the web client sends none of them. */
  headers?: Schema;
  body?: Schema;
  /** The answer's `data`: the server sends `{ status, message, data }` (decision 059); or a file, or a redirect. */
  response: Schema | FileResponse | RedirectResponse;
  meta: RouteMeta;
};

/** Checks a contract's shape and keeps its literal types, for the server and the web client. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** The answer's envelope around `data`: what the server sends and the OpenAPI document shows. */
export function envelopeOf<T extends Schema>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

/** An answer's `data` that is null: removals and other calls that answer nothing. */
export const noData = z.null();

/** A page of a list (docs/domains/conventions.md "Lists"): `{ results, page, limit, totalCount }`. */
export function listResultOf<T extends Schema>(item: T) {
  return z.object({ results: z.array(item), page: z.number().int(), limit: z.number().int(), totalCount: z.number().int() });
}

type InputOf<S> = S extends Schema ? z.input<S> : never;
type OutputOf<S> = S extends Schema ? z.output<S> : never;

/** What a handler returns, as the server's response schema accepts it. */
export type ResponseData<C extends RouteContract> = InputOf<C['response']>;
/** What the web receives in `data`. */
export type ResponseOf<C extends RouteContract> = OutputOf<C['response']>;
/** What the web sends: the body, path parameters and query the contract declares. */
export type RequestOf<C extends RouteContract> =
  (C['body'] extends Schema ? { body: InputOf<C['body']> } : { body?: never })
  & (C['params'] extends Schema ? { params: InputOf<C['params']> } : { params?: never })
  & (C['querystring'] extends Schema ? { query: InputOf<C['querystring']> } : { query?: never });
/** What the server's handler reads, after validation. */
export type ParsedRequestOf<C extends RouteContract> = {
  body: OutputOf<C['body']>;
  params: OutputOf<C['params']>;
  querystring: OutputOf<C['querystring']>;
  headers: OutputOf<C['headers']>;
};

/** The path with its parameters filled in, each encoded: `/family/view/:id` → `/family/view/42`. */
export function pathOf(contract: Pick<RouteContract, 'path'>, params: Record<string, unknown> = {}): string {
  return contract.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${contract.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
