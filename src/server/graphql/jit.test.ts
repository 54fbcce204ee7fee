import { parse } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.js';
import { readTrustedDocuments } from './trusted-documents.js';

// graphql-jit answers a document it cannot compile with the compile error, not with graphql-js: every
// document the web app sends must compile.
describe('compiled execution', () => {
  it('compiles every document the web app sends', () => {
    const documents = readTrustedDocuments();
    expect(documents.size).toBeGreaterThan(100);
    const failed: string[] = [];
    for (const [id, text] of documents) {
      const compiled = compileQuery(schema, parse(text));
      if (!isCompiledQuery(compiled)) failed.push(`${id}: ${JSON.stringify(compiled.errors)}`);
    }
    expect(failed).toEqual([]);
  });
});
