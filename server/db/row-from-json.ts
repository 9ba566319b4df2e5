import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Reads a row that PostgreSQL returned as JSON (`to_json(row)`: column names, timestamps as
 * strings) into the shape Drizzle gives the same table (property names, Dates).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = column.dataType === 'date' && typeof value === 'string' ? new Date(value) : (value ?? null);
  }
  return row as T['$inferSelect'];
}
