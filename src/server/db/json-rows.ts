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
  return rowBuilder(
    Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      at: JSON.stringify(column.name),
      decode: columnDecoder(column),
    })),
  );
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
  const columns = Object.entries(getTableColumns(table)).map(([key, column], i) => {
    const ref = `${alias}."${column.name}"`;
    return column instanceof PgTimestamp
      ? { key, at: String(i), select: `floor(extract(epoch from ${ref}) * 1000)::float8`, decode: toDate }
      : { key, at: String(i), select: ref, decode: columnDecoder(column) };
  });
  return {
    select: `json_build_array(${columns.map((c) => c.select).join(', ')})`,
    decode: rowBuilder(columns),
  };
}

/**
 * The function that makes a row from its JSON: `(json) => ({ id: json[0] ?? null, createdAt: d[2](json[2]), ... })`,
 * written once per table as code (as graphql-jit and fast-json-stringify write theirs). An object
 * literal of fixed keys is built in one step, where setting keys one by one in a loop made the object
 * grow and change shape column by column: about four times slower on the order graph
 * (docs/per-request-overhead.md). The keys and the places are the table's own (drizzle's column keys
 * and names, or positions), written as JSON strings; no input reaches the code.
 */
function rowBuilder<J, R>(
  columns: { key: string; at: string; decode: (value: unknown) => unknown }[],
): (json: J) => R {
  const decoders = columns.map((c) => c.decode);
  // In an object literal this key would set the prototype rather than a field.
  if (columns.some((c) => c.key === '__proto__'))
    throw new Error('A column keyed __proto__ cannot be decoded.');
  const fields = columns.map(({ key, at, decode }, i) => {
    const value = `json[${at}]`;
    return `${JSON.stringify(key)}: ${decode === passThrough ? `${value} ?? null` : `decoders[${i}](${value})`}`;
  });
  const make = new Function('decoders', `return (json) => ({ ${fields.join(', ')} });`);
  return make(decoders);
}

/** A timestamp sent as milliseconds (a non-finite one comes as the text 'Infinity': an Invalid Date). */
const toDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as number));

const passThrough = (value: unknown) => (value === undefined ? null : value);

/**
 * A column's decoder of a JSON value: null stays null, and a column whose decoder is Column's own (text,
 * uuid, boolean, enums) passes its value through (rowBuilder writes it inline, without a call).
 */
function columnDecoder(column: Column): (value: unknown) => unknown {
  if (column.mapFromDriverValue === Column.prototype.mapFromDriverValue) return passThrough;
  return (value) => (value === null || value === undefined ? null : column.mapFromDriverValue(value));
}

/** The rows of a `db.execute()` result, whichever driver ran it (postgres.js: an array; PGlite: `.rows`). */
export function executedRows<R>(result: unknown): R[] {
  return (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[];
}
