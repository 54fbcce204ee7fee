import { Column, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';

/**
 * Decodes rows that PostgreSQL sent as JSON (`to_json(t)`, `json_agg(t)`: keys are column names)
 * into the objects drizzle's `select()` gives for the same table, through each column's own decoder
 * (timestamps to Date, bigint to number, dates stay 'YYYY-MM-DD', ...). It lets one query return
 * several tables' rows, so a read that took several round trips takes one.
 */
export function jsonRowDecoder<T extends Table>(
  table: T,
): (json: Record<string, unknown>) => InferSelectModel<T> {
  const columns = decodedColumns(table);
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [key, name, decode] of columns) row[key] = decode(json[name]);
    return row as InferSelectModel<T>;
  };
}

/**
 * A table's rows sent as JSON arrays, its columns in a fixed order: `select` is the SQL text of one row
 * (`json_build_array(alias."id", alias."oid", ...)`) and `decode` gives the object drizzle's `select()`
 * gives for it. Against `to_json(alias)` the text has no keys, about half as long, and is decoded by
 * position: the order graph is read this way on every order query (docs/per-request-overhead.md). A
 * timestamp is sent as its milliseconds since 1970 (floored, as a Date keeps them), so it becomes a Date
 * without parsing its text. `alias` is the table's alias in the query (a name of ours, never input).
 */
export function jsonRowArray<T extends Table>(
  table: T,
  alias: string,
): { select: string; decode: (json: unknown[]) => InferSelectModel<T> } {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const ref = `${alias}."${column.name}"`;
    return column instanceof PgTimestamp
      ? { key, select: `floor(extract(epoch from ${ref}) * 1000)::float8`, decode: toDate }
      : { key, select: ref, decode: columnDecoder(column) };
  });
  return {
    select: `json_build_array(${columns.map((c) => c.select).join(', ')})`,
    decode: (json) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!;
        row[column.key] = column.decode(json[i]);
      }
      return row as InferSelectModel<T>;
    },
  };
}

/** A timestamp sent as milliseconds (a non-finite one comes as the text 'Infinity': an Invalid Date). */
const toDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as number));

const passThrough = (value: unknown) => (value === undefined ? null : value);

/** Each column's key, its name in SQL and its decoder (columnDecoder). */
function decodedColumns(table: Table): [key: string, name: string, decode: (value: unknown) => unknown][] {
  return Object.entries(getTableColumns(table)).map(([key, column]) => [
    key,
    column.name,
    columnDecoder(column),
  ]);
}

/**
 * A column's decoder of a JSON value: null stays null, and a column whose decoder is Column's own (text,
 * uuid, boolean, enums) passes its value through without a call per value.
 */
function columnDecoder(column: Column): (value: unknown) => unknown {
  if (column.mapFromDriverValue === Column.prototype.mapFromDriverValue) return passThrough;
  return (value) => (value === null || value === undefined ? null : column.mapFromDriverValue(value));
}

/** The rows of a `db.execute()` result, whichever driver ran it (postgres.js: an array; PGlite: `.rows`). */
export function executedRows<R>(result: unknown): R[] {
  return (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[];
}
