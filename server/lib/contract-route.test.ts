import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify, { type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { defineRoute, fileResponse, redirectResponse } from '../../shared/contracts/route.js';
import type { Role } from '../../shared/roles.js';
import { answer, contractRoute } from './contract-route.js';

const item = z.object({ _id: z.string(), name: z.string(), note: z.string().nullable() });
const meta = { roles: 'public', tags: ['probe'] } as const;
const ROUTES = {
  item: defineRoute({ method: 'GET', path: '/item', response: item, meta }),
  added: defineRoute({ method: 'POST', path: '/item', body: z.object({ name: z.string() }), response: item, meta: { ...meta, roles: ['admin'], movesMoney: true } }),
  csv: defineRoute({ method: 'GET', path: '/export', response: fileResponse('text/csv'), meta }),
  verify: defineRoute({ method: 'GET', path: '/verify/:token', params: z.object({ token: z.string() }), response: redirectResponse(), meta }),
  link: defineRoute({ method: 'POST', path: '/link', body: z.object({ url: z.string() }), response: z.object({ url: z.string() }), meta }),
};

/** A bare app as server/app.ts sets it up (the zod compilers, the document), with a stand-in guard. */
async function appWith(mode: 'fail' | 'log' | 'off', send: { item?: unknown; type?: string; noRedirect?: boolean } = {}) {
  const logged: string[] = [];
  const guarded: Role[][] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', { config: { responseCheck: mode } } as never);
  app.decorate('requireAuth', (...roles: Role[]) => {
    guarded.push(roles);
    return async (request: FastifyRequest) => void request;
  });
  await app.register(swagger, { openapi: { info: { title: 'probe', version: '1' } }, transform: jsonSchemaTransform });
  await app.register(async (scope) => {
    contractRoute(scope, ROUTES.item, () => (send.item ?? { name: 'Violin', _id: 'i1', note: null }) as z.input<typeof item>);
    contractRoute(scope, ROUTES.added, (req) => answer({ _id: 'i2', name: req.body.name, note: null }, 'Added', 201));
    contractRoute(scope, ROUTES.csv, (_req, reply) => reply.header('content-type', send.type ?? 'text/csv; charset=utf-8').send('a,b\n'));
    contractRoute(scope, ROUTES.verify, (req, reply) => (send.noRedirect ? reply.send('') : reply.redirect(`/login?token=${req.params.token}`)));
    // The body chosen at registration (a setting's): here only https addresses.
    contractRoute(scope, ROUTES.link, (req) => ({ url: req.body.url }), { body: z.object({ url: z.string().startsWith('https:') }) });
  });
  await app.ready();
  return { app, logged, guarded };
}

describe('contractRoute', () => {
  it('sends the envelope of what the handler returns, byte for byte as JSON.stringify makes it', async () => {
    const { app } = await appWith('fail');
    const res = await app.inject({ url: '/item' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify({ status: 200, message: 'Success', data: { name: 'Violin', _id: 'i1', note: null } }));
    const added = await app.inject({ method: 'POST', url: '/item', payload: { name: 'Cello' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ status: 201, message: 'Added', data: { _id: 'i2', name: 'Cello', note: null } });
  });

  it('in tests, answers 500 naming the field when the answer leaves its contract: a field it does not name, a wrong type', async () => {
    const extra = await appWith('fail', { item: { _id: 'i1', name: 'Violin', note: null, secret: 'x' } });
    const res = await extra.app.inject({ url: '/item' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('data.secret');
    const wrong = await appWith('fail', { item: { _id: 'i1', name: 7, note: null } });
    expect((await wrong.app.inject({ url: '/item' })).json().message).toMatch(/GET \/api\/item does not match its contract: data\.name/);
  });

  it('in development, logs a mismatch and sends the answer unchanged; in production, does not check', async () => {
    const bad = { _id: 'i1', name: 'Violin', note: null, secret: 'x' };
    const dev = await appWith('log', { item: bad });
    const res = await dev.app.inject({ url: '/item' });
    expect(res.json()).toEqual({ status: 200, message: 'Success', data: bad });
    expect(dev.logged.join('')).toContain('data.secret');
    const prod = await appWith('off', { item: bad });
    expect((await prod.app.inject({ url: '/item' })).json().data).toEqual(bad);
    expect(prod.logged).toEqual([]);
  });

  it('checks a file by its content type and sends it as it is', async () => {
    const { app } = await appWith('fail');
    const res = await app.inject({ url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('a,b\n');
    const wrong = await appWith('fail', { type: 'application/json' });
    expect((await wrong.app.inject({ url: '/export' })).json().message).toContain('content type application/json, not text/csv');
  });

  it('guards by meta.roles and shows the answer and the metadata in the OpenAPI document', async () => {
    const { app, guarded } = await appWith('fail');
    expect(guarded).toEqual([['admin']]);
    const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const get = doc.paths['/item']!.get!;
    expect(get.security).toEqual([]);
    expect(get['x-roles']).toBe('public');
    expect(JSON.stringify(get.responses)).toContain('"note"');
    const post = doc.paths['/item']!.post!;
    expect(post.security).toBeUndefined();
    expect(post).toMatchObject({ 'x-roles': ['admin'], 'x-moves-money': true, 'x-lapsed-school': 'closed' });
    expect(Object.keys((doc.paths['/export']!.get!.responses as Record<string, { content: object }>)['2XX']!.content)).toEqual(['text/csv']);
  });

  it('sends a redirect as the handler makes it, checks that it is a 302 with a Location, and shows both in the document', async () => {
    const { app } = await appWith('fail');
    const res = await app.inject({ url: '/verify/abc' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?token=abc');
    const wrong = await appWith('fail', { noRedirect: true });
    expect((await wrong.app.inject({ url: '/verify/abc' })).json().message).toContain('status 200, not a 302 with a Location');
    const doc = app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { headers?: object; content?: object }> }>> };
    const { responses } = doc.paths['/verify/{token}']!.get!;
    expect(Object.keys(responses)).toEqual(['302']);
    expect(responses['302']!.headers).toMatchObject({ Location: { schema: { type: 'string' } } });
    expect(responses['302']!.content).toBeUndefined();
  });

  it('validates the body by the schema chosen at registration in place of the contract\'s', async () => {
    const { app } = await appWith('fail');
    expect((await app.inject({ method: 'POST', url: '/link', payload: { url: 'https://example.org' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/link', payload: { url: 'http://example.org' } })).statusCode).toBe(400);
  });
});
