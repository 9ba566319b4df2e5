import { Column, DrizzleQueryError, getTableName, is, Param, Placeholder, SQL } from 'drizzle-orm';

/** What Drizzle's node-postgres prepared query keeps (its own fields, read here as they are). */
type DrizzlePrepared = {
  client?: { query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig?: { text: string; rowMode?: string };
  params?: unknown[];
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  execute?: unknown;
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** A placeholder's value from the caller's values, as Drizzle's fillPlaceholders takes it. */
function filler(param: unknown): (values: Record<string, unknown>) => unknown {
  const named = (name: string, encode: (value: unknown) => unknown) => (values: Record<string, unknown>) => {
    if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
    return encode(values[name]);
  };
  if (is(param, Placeholder)) return named(param.name, (value) => value);
  if (is(param, Param) && is(param.value, Placeholder)) {
    const { encoder } = param;
    return named(param.value.name, (value) => encoder.mapToDriverValue(value));
  }
  return () => param;
}

/** A SQL value's decoder (`mapWith`), Drizzle's own field though its types hide it. */
const sqlDecoder = (value: SQL) => (value as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, SQL.Aliased)) return sqlDecoder(field.sql);
  return null;
}

/**
 * A prepared select of tx.prepared (decision 065), run with what Drizzle's `execute` works out on
 * every call worked out once: which value each parameter takes, each column's decoder and where
 * it goes in the row. The statement, its parameters, the values and the errors
 * (DrizzleQueryError, read by loggable-error.ts) are Drizzle's own; only its per-call wrappers
 * and per-field checks are skipped. A statement of another shape (a result mapper, a path deeper
 * than one object, a left join whose side may be null, an unknown field) is left to Drizzle.
 */
export function withPreparedExecution<P>(statement: P): P {
  const s = statement as DrizzlePrepared;
  const { client, queryConfig, params, fields, joinsNotNullableMap } = s;
  if (!client || typeof queryConfig?.text !== 'string' || queryConfig.rowMode !== 'array' || !params || !fields || s.customResultMapper) return statement;
  if (typeof s.execute !== 'function') return statement;
  // Drizzle sets a joined side to null when all its columns are; inner joins never are.
  if (joinsNotNullableMap && Object.values(joinsNotNullableMap).some((notNull) => !notNull)) return statement;
  if (fields.some(({ path }) => path.length < 1 || path.length > 2)) return statement;
  // A nested object of a table the map does not name as never null would be nulled by Drizzle when
  // all its columns are.
  if (joinsNotNullableMap && fields.some(({ path, field }) => path.length === 2 && is(field, Column) && !joinsNotNullableMap[getTableName(field.table)])) {
    return statement;
  }
  const decoders = fields.map(({ field }) => decoderOf(field));
  if (decoders.some((decoder) => decoder === null)) return statement;
  const fill = params.map(filler);
  const paths = fields.map(({ path }) => path);
  const execute = async (values: Record<string, unknown> = {}) => {
    const bound = fill.map((f) => f(values));
    let rows: unknown[][];
    try {
      rows = (await client.query(queryConfig, bound)).rows;
    } catch (error) {
      throw new DrizzleQueryError(queryConfig.text, bound, error as Error);
    }
    return rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < paths.length; i += 1) {
        const raw = row[i];
        const value = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
        const path = paths[i]!;
        if (path.length === 1) out[path[0]!] = value;
        else ((out[path[0]!] ??= {}) as Record<string, unknown>)[path[1]!] = value;
      }
      return out;
    });
  };
  return Object.assign(statement as object, { execute }) as P;
}
