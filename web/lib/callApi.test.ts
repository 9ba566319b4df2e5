import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../shared/contracts/route';
import { fakeFetch, type Answer } from '../test/fakeApi';
import { ApiError } from './api';
import { callApi } from './callApi';

const meta = { roles: 'signedIn', tags: ['probe'] } as const;
const ROUTES = {
  view: defineRoute({ method: 'GET', path: '/thing/view/:id', params: z.object({ id: z.string() }), response: z.object({ name: z.string() }), meta }),
  search: defineRoute({ method: 'GET', path: '/thing/search', querystring: z.object({ q: z.string(), page: z.number().optional() }), response: z.null(), meta }),
  list: defineRoute({ method: 'POST', path: '/thing/list', response: z.object({ results: z.array(z.string()) }), meta }),
  remove: defineRoute({ method: 'DELETE', path: '/thing/remove', body: z.object({ id: z.string() }), response: z.null(), meta }),
};

type Sent = { url: string; init: RequestInit };

/** Answers every call with `body` under `status`; `sent()` reads the requests as the client built them. */
function serve(status: number, body: Answer): () => Sent[] {
  const fetch = fakeFetch(() => ({ ...body, status }));
  return () => fetch.mock.calls.map(([url, init = {}]) => ({ url, init }));
}

describe('callApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the URL and method from the contract, its path parameters encoded', async () => {
    const sent = serve(200, { status: 200, message: 'Success', data: { name: 'Violin' } });
    const answer = await callApi(ROUTES.view, { params: { id: 'a/b c' } });
    expect(answer.data.name).toBe('Violin');
    expect(sent()[0]!.url).toBe('/api/thing/view/a%2Fb%20c');
    expect(sent()[0]!.init.method).toBe('GET');
    expect(sent()[0]!.init.body).toBeUndefined();
  });

  it('sends the query without its empty values, a body as JSON, and {} for a POST that takes none', async () => {
    const sent = serve(200, { status: 200, message: 'Success', data: null });
    await callApi(ROUTES.search, { query: { q: 'a&b' } });
    await callApi(ROUTES.list);
    await callApi(ROUTES.remove, { body: { id: '7' } });
    expect(sent().map((s) => [s.init.method, s.url, s.init.body])).toEqual([
      ['GET', '/api/thing/search?q=a%26b', undefined],
      ['POST', '/api/thing/list', '{}'],
      ['DELETE', '/api/thing/remove', '{"id":"7"}'],
    ]);
  });

  it('fails as api.ts does: the server’s message and errors by field', async () => {
    serve(400, { status: 400, message: 'Id is wrong', data: null, errors: { id: 'Id is wrong' } });
    const failure = await callApi(ROUTES.remove, { body: { id: 'x' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errors).toEqual({ id: 'Id is wrong' });
  });
});
