import { getTableColumns, type Table } from 'drizzle-orm';

type ColumnReading = { key: string; name: string; isDate: boolean };

/** Each table's columns as rowFromJson reads them, listed once (decision 065: it runs on every request). */
const readings = new WeakMap<Table, ColumnReading[]>();

function readingsOf(table: Table): ColumnReading[] {
  let list = readings.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, isDate: column.dataType === 'date' }));
    readings.set(table, list);
  }
  return list;
}

/**
 * Reads a row that PostgreSQL returned as JSON (`to_json(row)`: column names, timestamps as
 * strings) into the shape Drizzle gives the same table (property names, Dates).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const { key, name, isDate } of readingsOf(table)) {
    const value = json[name];
    row[key] = isDate && typeof value === 'string' ? new Date(value) : (value ?? null);
  }
  return row as T['$inferSelect'];
}
