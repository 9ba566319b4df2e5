import { DrizzleQueryError } from 'drizzle-orm';

/** What a PostgreSQL error may say in a log: names and codes, never a value (decision 021). */
const SAFE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

/**
 * Server messages quote the values they choke on (`invalid input syntax for type uuid: "…"`,
 * `Key (email)=(…) already exists`): every quoted or bracketed part goes.
 */
const withoutValues = (message: string) => message.replace(/"[^"]*"/g, '"…"').replace(/\([^)]*\)=\([^)]*\)/g, '(…)=(…)');

/**
 * A database error as it may be logged: Drizzle's wrapper carries the query's parameters (its
 * message prints them), and the server's own message and detail can quote a value; both can be a
 * password hash, a token or a person's data. The query text keeps its $1 placeholders.
 */
export function loggableError(error: unknown): unknown {
  const query = error instanceof DrizzleQueryError ? error.query : undefined;
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  const isDatabaseError = query !== undefined || (cause instanceof Error && typeof (cause as { code?: unknown }).code === 'string' && 'severity' in cause);
  if (!isDatabaseError) return error;
  const server = (cause ?? {}) as Record<string, unknown>;
  const message = cause instanceof Error ? withoutValues(cause.message) : 'query failed';
  const safe = new Error(query ? `Failed query: ${query}: ${message}` : message);
  safe.name = 'DatabaseError';
  for (const field of SAFE_FIELDS) if (typeof server[field] === 'string') Object.assign(safe, { [field]: server[field] });
  if (query) Object.assign(safe, { query });
  // The stack's first lines repeat the message with its values; its frames are kept.
  const frames = (error as Error).stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')) ?? [];
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}
