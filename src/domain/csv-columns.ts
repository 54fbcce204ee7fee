// A CSV download's columns as zod schemas, kept apart from the CSV code (csv-export.ts): the dashboard's
// summary uses that in the browser, and zod (22 KB, and its set-up when evaluated) need not come with it.

import { z } from 'zod';

const DOLLARS = /^-?\d+\.\d{2}$/;

/**
 * A CSV download's columns, as a strict zod object keyed by the header's names: the header line is made
 * from it (csvHeader) and the OpenAPI document describes each column from it (src/server/openapi).
 */
export const csvColumn = {
  text: (description: string) => z.string().meta({ description }),
  day: (description: string) => z.iso.date().meta({ description: `${description} (YYYY-MM-DD, UTC).` }),
  dayOrEmpty: (description: string) =>
    z
      .union([z.iso.date(), z.literal('')])
      .meta({ description: `${description} (YYYY-MM-DD, UTC; empty when unknown).` }),
  instant: (description: string) => z.iso.datetime().meta({ description: `${description} (ISO 8601, UTC).` }),
  dollars: (description: string) =>
    z
      .string()
      .regex(DOLLARS)
      .meta({ description: `${description}, in dollars with two decimals (12.50).` }),
  dollarsOrEmpty: (description: string) =>
    z
      .union([z.string().regex(DOLLARS), z.literal('')])
      .meta({ description: `${description}, in dollars with two decimals (12.50); empty when unknown.` }),
  number: (description: string) => z.string().regex(/^\d+$/).meta({ description }),
};

/** The header line's names, in the columns' order. */
export const csvHeader = <S extends z.ZodRawShape>(row: z.ZodObject<S>) =>
  Object.keys(row.shape) as (keyof S & string)[];
