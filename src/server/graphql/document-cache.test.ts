import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBrand, setupTestApp } from '../test/harness.js';
import { DOCUMENT_CACHE_MAX, DOCUMENT_TEXT_MAX, DOCUMENT_TEXTS_TOTAL_MAX } from './document-cache.js';
import { createGraphQL } from './yoga.js';

// A document's text is parsed, validated and checked against the limits once per distinct text
// (fast-path.ts, document-cache.ts). These prove the caches keep a bounded number of documents, and that
// a document over a limit is refused every time it is sent, not only the first.

const t = setupTestApp();
const PRODUCTION_ENV = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' };

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', isDefault: true });
});

/** An /api route on the GraphQL server, as app.ts mounts it, and its caches. */
async function probe() {
  const graphql = createGraphQL({
    db: t.db,
    readDb: t.db,
    config: t.config,
    adapters: t.adapters,
    log: t.app.log,
  });
  const app = Fastify();
  await app.register(fastifyCookie);
  app.post('/api', async (req, reply) => {
    if (await graphql.answerTrustedCall(req, reply)) return reply;
    const response = await graphql.yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
    return reply.status(response.status).send(await response.text());
  });
  const ask = async (query: string) =>
    (await app.inject({ method: 'POST', url: '/api', payload: { query } })).json() as {
      data?: Record<string, unknown> | null;
      errors?: { message: string }[];
    };
  return { app, ask, caches: graphql.caches };
}

describe('the per-document caches', () => {
  it('keep at most DOCUMENT_CACHE_MAX documents, and DOCUMENT_TEXTS_TOTAL_MAX characters, however many are sent', async () => {
    const { app, ask, caches } = await probe();
    const flood = DOCUMENT_CACHE_MAX + 200;
    for (let i = 0; i < flood; i++) {
      const res = await ask(`query Q${i} { __typename }`);
      expect(res.data).toEqual({ __typename: 'Query' });
    }
    expect(caches.texts.size).toBe(DOCUMENT_CACHE_MAX);
    expect(caches.parsed.size).toBe(DOCUMENT_CACHE_MAX);
    // Refused texts (each a field the schema lacks) are kept within the same cap.
    for (let i = 0; i < 300; i++) expect((await ask(`{ nope${i} }`)).errors).toHaveLength(1);
    expect(caches.texts.size).toBe(DOCUMENT_CACHE_MAX);
    expect(caches.parsed.size).toBe(DOCUMENT_CACHE_MAX);
    // An evicted document is checked again and answered.
    expect((await ask('query Q0 { __typename }')).data).toEqual({ __typename: 'Query' });
    // Long texts are kept only up to DOCUMENT_TEXTS_TOTAL_MAX characters together.
    const padded = (i: number) => `query L${i} { __typename }${' '.repeat(DOCUMENT_TEXT_MAX - 40)}`;
    for (let i = 0; i < 80; i++) expect((await ask(padded(i))).data).toEqual({ __typename: 'Query' });
    for (const cache of [caches.texts, caches.parsed]) {
      expect(cache.totalKeyLength).toBeLessThanOrEqual(DOCUMENT_TEXTS_TOTAL_MAX);
      expect(cache.totalKeyLength).toBeGreaterThan(DOCUMENT_TEXTS_TOTAL_MAX - DOCUMENT_TEXT_MAX);
      expect(cache.size).toBeLessThan(DOCUMENT_TEXTS_TOTAL_MAX / (DOCUMENT_TEXT_MAX - 40));
    }
    expect(caches.texts.get(padded(79))).toBeTruthy();
    expect(caches.texts.get(padded(0))).toBeUndefined();
    // A text longer than DOCUMENT_TEXT_MAX is answered but not kept.
    const long = `query Long { __typename }${' '.repeat(DOCUMENT_TEXT_MAX)}`;
    expect((await ask(long)).data).toEqual({ __typename: 'Query' });
    expect((await ask(long)).data).toEqual({ __typename: 'Query' });
    expect(caches.texts.get(long)).toBeUndefined();
    expect(caches.parsed.get(long)).toBeUndefined();
    await app.close();
  });
});

/** `{ ... on Query { ... on Query { ... currentBrand { _id } } } }` nested `levels` deep. */
const nested = (levels: number) => {
  let inner = 'currentBrand { _id }';
  for (let i = 0; i < levels; i++) inner = `... on Query { ${inner} }`;
  return `{ ${inner} }`;
};
/** Fragments that each spread the one before ten times: few tokens, a cost far over the limit. */
const costly = () => {
  const fragments = ['fragment F0 on Brand { _id shortName name }'];
  for (let i = 1; i <= 4; i++)
    fragments.push(
      `fragment F${i} on Brand { ${Array(10)
        .fill(`...F${i - 1}`)
        .join(' ')} }`,
    );
  return `{ currentBrand { ...F4 } } ${fragments.join(' ')}`;
};

describe('the limits of a document sent again', () => {
  let production: FastifyInstance;
  beforeAll(async () => {
    production = await t.buildApp({ env: PRODUCTION_ENV });
  });

  it.each([
    ['depth', nested(14), /depth limit of 12 exceeded/i],
    [
      'aliases',
      `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: currentBrand { _id }`).join(' ')} }`,
      /aliases limit of 15 exceeded/i,
    ],
    ['cost', costly(), /cost limit of 8000 exceeded/i],
    ['tokens', `{ currentBrand { ${Array(4000).fill('_id').join(' ')} } }`, /token limit of 3000 exceeded/i],
  ])('refuses a document over the %s limit each time it is sent', async (_limit, query, message) => {
    // The server has a document in its caches already (checked, and its compiled execution).
    expect((await t.gql('{ currentBrand { _id } }', {}, { app: production })).errors).toBeUndefined();
    expect((await t.gql('{ currentBrand { _id } }', {}, { app: production })).errors).toBeUndefined();
    for (const _ of [1, 2]) {
      const res = await t.gql(query, {}, { app: production });
      expect(res.data ?? null).toBeNull();
      expect(res.errors!.map((e) => e.message).join(' ')).toMatch(message);
    }
  });
});
