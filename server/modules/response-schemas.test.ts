import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

/**
 * Every operation declares the answer it sends (decision 059): its route is a contract of
 * shared/contracts, registered by server/lib/contract-route.ts, and the OpenAPI document shows its
 * response, and the metadata the guard reads.
 */

type OpenApiOperation = {
  'x-module'?: string;
  'x-roles'?: unknown;
  'x-lapsed-school'?: 'open' | 'closed';
  responses?: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>;
};

const t = await createTestApp();
afterAll(() => t.close());

const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
const operations = Object.entries(doc.paths).flatMap(([url, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${url}`, url, op })));
// A redirect's answer is its 302 and Location (auth's e-mail verification link): no body to describe.
const hasResponseSchema = (op: OpenApiOperation) =>
  Object.entries(op.responses ?? {}).some(([status, r]) => (status.startsWith('2') && Object.values(r.content ?? {}).some((c) => c.schema !== undefined))
    || (status === '302' && r.headers?.Location !== undefined));
const moduleOf = (op: OpenApiOperation) => op['x-module'] ?? '(no module)';

describe('response schemas', () => {
  const missing = operations.filter(({ op }) => !hasResponseSchema(op));
  const count = `operations with a response schema: ${operations.length - missing.length} of ${operations.length}`;

  it(`are declared by every operation (${count})`, () => {
    console.info(count);
    expect(missing.map(({ name, op }) => `${moduleOf(op)}: ${name}`)).toEqual([]);
  });

  it('are declared by routes registered from contracts: every operation names who may call it', () => {
    const unguarded = operations.filter(({ op }) => op['x-roles'] === undefined).map(({ name, op }) => `${moduleOf(op)}: ${name}`);
    expect(unguarded).toEqual([]);
  });

  it('say what a lapsed school may do: the guard reads it (decision 071; lapsed-school.test.ts calls each route)', () => {
    const undeclared = operations.filter(({ op }) => op['x-lapsed-school'] !== 'open' && op['x-lapsed-school'] !== 'closed').map(({ name }) => name);
    expect(undeclared).toEqual([]);
  });
});
