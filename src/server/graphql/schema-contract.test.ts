import { readFileSync } from 'node:fs';
import { buildSchema, findBreakingChanges, findDangerousChanges } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.js';
import { printedSchema, SNAPSHOT_FILE } from './schema-snapshot.js';

// API clients are written against the schema (the three specs' contract): a change that would break
// one (a removed field or argument, a narrowed type, a new required argument) must be a decision, not
// an accident. The reviewed contract is committed as schema.graphql.
const reviewed = buildSchema(readFileSync(SNAPSHOT_FILE, 'utf8'));

describe('the GraphQL contract', () => {
  it('breaks no client of the reviewed schema', () => {
    const breaks = findBreakingChanges(reviewed, schema).map((c) => `${c.type}: ${c.description}`);
    expect(
      breaks,
      'Breaking changes for API clients. If they are intended, say so in the change and record the new ' +
        'contract with `npm run schema -- --write`.',
    ).toEqual([]);
  });

  it('is recorded as reviewed (schema.graphql), additions included', () => {
    // Dangerous changes (a new enum value, a changed default) are listed to help the review.
    const dangerous = findDangerousChanges(reviewed, schema).map((c) => `${c.type}: ${c.description}`);
    expect(
      printedSchema(),
      `The schema differs from src/server/graphql/schema.graphql${dangerous.length ? ` (${dangerous.join('; ')})` : ''}: ` +
        'review the change and record it with `npm run schema -- --write`.',
    ).toBe(readFileSync(SNAPSHOT_FILE, 'utf8'));
  });
});

describe('the breaking-change check itself', () => {
  it('finds a removed field and a new required argument', () => {
    const before = buildSchema('type Query { order(orderNumber: Int!): String, orders: [String] }');
    const after = buildSchema('type Query { order(orderNumber: Int!, oid: ID!): String }');
    expect(
      findBreakingChanges(before, after)
        .map((c) => c.type)
        .sort(),
    ).toEqual(['FIELD_REMOVED', 'REQUIRED_ARG_ADDED']);
  });
});
