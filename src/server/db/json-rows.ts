import { type Column, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * Decodes rows that PostgreSQL sent as JSON (`to_json(t)`, `json_agg(t)`: keys are column names)
 * into the objects drizzle's `select()` gives for the same table, through each column's own decoder
 * (timestamps to Date, bigint to number, dates stay 'YYYY-MM-DD', ...). It lets one query return
 * several tables' rows, so a read that took several round trips takes one.
 */
export function jsonRowDecoder<T extends Table>(
  table: T,
): (json: Record<string, unknown>) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [
    key,
    column.name,
    column as Column,
  ]) as [string, string, Column][];
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [key, name, column] of columns) {
      const value = json[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}

/** The rows of a `db.execute()` result, whichever driver ran it (postgres.js: an array; PGlite: `.rows`). */
export function executedRows<R>(result: unknown): R[] {
  return (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[];
}
