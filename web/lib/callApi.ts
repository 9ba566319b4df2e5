/**
 * The one typed way to call a route of shared/contracts (decision 059): its URL, method, what it
 * takes and what it answers come from the contract; errors, 401 and 402 are api.ts's.
 */
import type { Envelope } from '../../shared/contracts/common';
import { pathOf, type RequestOf, type ResponseOf, type RouteContract } from '../../shared/contracts/route';
import { request, type RequestOptions } from './api';

type CallOptions = Pick<RequestOptions, 'auth' | 'signal' | 'prefetched'>;

/** A contract that takes nothing may be called without an input. */
type InputArgs<C extends RouteContract> = object extends RequestOf<C>
  ? [input?: RequestOf<C> & CallOptions]
  : [input: RequestOf<C> & CallOptions];

function queryOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function callApi<C extends RouteContract>(contract: C, ...[input]: InputArgs<C>): Promise<Envelope<ResponseOf<C>>> {
  const { body, params, query, ...options } = (input ?? {}) as { body?: unknown; params?: Record<string, unknown>; query?: Record<string, unknown> } & CallOptions;
  const path = pathOf(contract, params) + queryOf(query);
  // A POST without a body schema still sends `{}`, as every call of the API has.
  const sent = body === undefined && contract.method === 'POST' ? {} : body;
  return request<ResponseOf<C>>(path, { ...options, method: contract.method, body: sent });
}
