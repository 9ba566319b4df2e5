import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** The parts of a JSON schema the request walkers read. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

export type Location = 'body' | 'query' | 'path';

/** One field of a request: where it goes, its path inside the body (array items as index 0), its schema. */
export type RequestField = { location: Location; path: (string | number)[]; schema: JsonSchema; kind: 'string' | 'array' | 'object' };

export type Operation = { method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH'; url: string; fields: RequestField[]; isPublic: boolean };

type OpenApiOperation = {
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const isType = (s: JsonSchema, type: string) => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** Every field under `schema`; a nullable or a union contributes each of its branches at the same path. */
function fieldsOf(schema: JsonSchema, location: Location, path: (string | number)[]): RequestField[] {
  const out: RequestField[] = [];
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) out.push(...fieldsOf(branch, location, path));
  if (isType(schema, 'string')) out.push({ location, path, schema, kind: 'string' });
  if (isType(schema, 'array')) {
    out.push({ location, path, schema, kind: 'array' });
    if (schema.items) out.push(...fieldsOf(schema.items, location, [...path, 0]));
  }
  if (isType(schema, 'object') || schema.properties) {
    if (path.length > 0) out.push({ location, path, schema, kind: 'object' });
    for (const [name, child] of Object.entries(schema.properties ?? {})) out.push(...fieldsOf(child, location, [...path, name]));
    if (typeof schema.additionalProperties === 'object') out.push(...fieldsOf(schema.additionalProperties, location, [...path, '*']));
  }
  // allOf under a string adds patterns to the same string (bounded by its parent); elsewhere it adds fields.
  if (!isType(schema, 'string')) for (const part of schema.allOf ?? []) out.push(...fieldsOf(part, location, path));
  return out;
}

/** Every operation of the app's OpenAPI document with the fields of its path, query and JSON body. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(doc.paths).flatMap(([url, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const fields: RequestField[] = [];
      for (const p of op.parameters ?? []) {
        if (p.in === 'path' || p.in === 'query') fields.push(...fieldsOf(p.schema ?? {}, p.in, [p.name]));
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) fields.push(...fieldsOf(body, 'body', []));
      return { method: method.toUpperCase() as Operation['method'], url, fields, isPublic: Array.isArray(op.security) && op.security.length === 0 };
    }),
  );
}

export const routeName = (op: Pick<Operation, 'method' | 'url'>) => `${op.method} ${op.url}`;
export const fieldName = (f: Pick<RequestField, 'location' | 'path'>) => `${f.location === 'body' ? '' : `${f.location}:`}${f.path.join('.')}`;

/** A string of a closed set (an enum or a constant) needs no length of its own. */
export const isClosedString = (s: JsonSchema) => s.enum !== undefined || s.const !== undefined;

/** Free text: no format, pattern or closed set decides which characters it takes, only our string rule. */
export const isFreeText = (s: JsonSchema) => !isClosedString(s) && !s.format && !s.pattern && !s.allOf;

/** A JSON body with `value` at `path` (arrays get one item). */
export function bodyWith(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [bodyWith(rest, value)] : { [head!]: bodyWith(rest, value) };
}

/**
 * A fingerprint of every row of every table (sessions aside: signing in is not a change), read past
 * row-level security. Equal fingerprints before and after: the requests changed nothing.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  return db.transaction({ kind: 'all' }, async (tx) => {
    const { rows: tables } = await tx.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`);
    const out: Record<string, string> = {};
    for (const { name } of tables as { name: string }[]) {
      const { rows } = await tx.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from "${name}" t`));
      out[name] = String(rows[0]!.f);
    }
    return out;
  });
}
