import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { is, SQL, StringChunk, sql } from 'drizzle-orm';
import { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema.js';
import { MARKER, patchEntitySource } from './patch-dependencies.js';

const entityFile = createRequire(import.meta.url)
  .resolve('drizzle-orm/entity')
  .replace(/\.cjs$/, '.js');

describe("drizzle-orm's is(), patched after install", () => {
  it('is patched in this install (package.json runs the patch after every install)', () => {
    expect(readFileSync(entityFile, 'utf8')).toContain(MARKER);
  });

  it('still tells drizzle entities apart, subclasses included', () => {
    expect(is(orders.id, PgColumn)).toBe(true);
    expect(is(orders, PgTable)).toBe(true);
    expect(is(sql`select 1`, SQL)).toBe(true);
    expect(is(new StringChunk('x'), SQL)).toBe(false);
    expect(is(orders.id, SQL)).toBe(false);
    expect(is({ queryChunks: [] }, SQL)).toBe(false);
    expect(is(null, SQL)).toBe(false);
  });

  it('patches only the code it knows, once', () => {
    const patched = readFileSync(entityFile, 'utf8');
    expect(patchEntitySource(patched)).toBe(patched);
    expect(patchEntitySource('export function is() { return true; }')).toBeNull();
  });
});
