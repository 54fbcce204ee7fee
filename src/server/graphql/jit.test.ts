import fc from 'fast-check';
import { getOperationAST, getVariableValues, parse } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { describe, expect, it } from 'vitest';
import { createBrand, setupTestApp } from '../test/harness.js';
import { runsCompiled } from './jit.js';
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

// The quick check of variables must agree with graphql-js's coercion, value for value: where it says
// yes and graphql-js says no, graphql-jit would run with variables graphql-js refuses.
describe('runsCompiled', () => {
  const documents = {
    Scalars: parse('query Scalars($s: String!, $i: Int, $f: Float!, $b: Boolean, $id: ID!) { __typename }'),
    WithDefault: parse('query WithDefault($s: String = "x") { __typename }'),
    Lists: parse('query Lists($ids: [ID!]!) { __typename }'),
  };
  type Name = keyof typeof documents;
  const accepted = (name: Name, variables: Record<string, unknown>) =>
    !getVariableValues(schema, getOperationAST(documents[name])?.variableDefinitions ?? [], variables).errors;
  const compiled = (name: Name, variables: Record<string, unknown>) =>
    runsCompiled(schema, documents[name], name, variables);

  it('agrees with graphql-js for built-in scalars, lists and defaults', () => {
    const values = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.oneof(fc.string(), fc.integer())),
      fc.object(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom<Name>('Scalars', 'WithDefault', 'Lists'),
        fc.record(
          { s: values, i: values, f: values, b: values, id: values, ids: values },
          { requiredKeys: [] },
        ),
        (name, variables) => {
          expect(compiled(name, variables)).toBe(accepted(name, variables));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('says no for an operation the document does not have, and for each of several in one document', () => {
    expect(runsCompiled(schema, documents.Scalars, 'Missing', {})).toBe(false);
    expect(compiled('WithDefault', {})).toBe(true);
    expect(runsCompiled(schema, documents.WithDefault, undefined, {})).toBe(true);
    const two = parse('query A { a: __typename } query B { b: __typename }');
    expect(runsCompiled(schema, two, 'A', {})).toBe(false);
    expect(runsCompiled(schema, two, 'B', {})).toBe(false);
  });

  it('checks the variables of each call, not the first call of a document', () => {
    const vars = { s: 'a', f: 1.5, id: 'x' };
    expect(compiled('Scalars', vars)).toBe(true);
    expect(compiled('Scalars', { ...vars, i: 2 ** 31 })).toBe(false);
    expect(compiled('Scalars', { ...vars, id: 1.5 })).toBe(false);
    expect(compiled('Scalars', { ...vars, s: null })).toBe(false);
    expect(compiled('Scalars', { ...vars, b: 'true' })).toBe(false);
    expect(compiled('Scalars', { ...vars, b: null, i: -3 })).toBe(true);
  });
});

describe('a document of several operations', () => {
  const t = setupTestApp();

  it('answers the operation each call names', async () => {
    await t.resetDb();
    await createBrand(t.db, { shortName: 'jit', type: 'AUTHENTICATED', isDefault: true });
    const query = 'query A { a: __typename } query B { b: __typename }';
    const send = async (operationName: string) =>
      (await t.inject({ method: 'POST', url: '/api', payload: { query, operationName } })).json();
    // In this order: the first call is the one a per-document compilation would keep.
    expect(await send('A')).toEqual({ data: { a: 'Query' } });
    expect(await send('B')).toEqual({ data: { b: 'Query' } });
    expect(await send('A')).toEqual({ data: { a: 'Query' } });
  });
});
