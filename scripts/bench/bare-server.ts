// The bare route of scripts/bench/overhead.ts: Fastify and postgres.js, nothing else, running the SQL the
// app runs for three calls, on the same database. Started by overhead.ts in its own process:
//   DATABASE_URL=... PORT=... ORDER_ID=... BRAND_ID=... CLIENT_ID=... npx tsx scripts/bench/bare-server.ts
//
// "The same SQL" is taken from the app itself, not written again: at start-up this process calls the
// app's own readers (findOrderGraph, the catalogue's read, the reporting API's summaryShops and its
// caller lookup) once on a drizzle handle whose postgres.js client records every statement it sends.
// Each route then sends exactly those statements as named prepared statements (as the app's client
// does), with the request's order id for /order, and answers with PostgreSQL's JSON as it comes: no
// GraphQL, no validation, no session lookup, no decoding of rows. It is the floor an app on this stack
// could reach, not a second implementation.

import { drizzle } from 'drizzle-orm/postgres-js';
import Fastify from 'fastify';
import postgres from 'postgres';
import { publishedIndustries } from '../../src/server/catalogue/published-industries.js';
import type { Db } from '../../src/server/db/client.js';
import { postgresAddress } from '../../src/server/db/client.js';
import { findOrderGraph } from '../../src/server/orders/order-graph.js';
import { summaryShops } from '../../src/server/reporting-api/queries.js';
import { reportingCaller } from '../../src/server/reporting-api/routes.js';

type Statement = { text: string; params: unknown[] };

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required.`);
  return value;
};

async function main() {
  const [address, socket] = postgresAddress(env('DATABASE_URL'));
  const options = { ...socket, max: 10, onnotice: () => {}, connection: { jit: 'off' as const } };

  // Record what the app's readers send.
  let recorded: Statement[] = [];
  const recorder = postgres(address, {
    ...options,
    max: 1,
    debug: (_connection, text, params) => recorded.push({ text, params: [...params] }),
  });
  const db = drizzle({ client: recorder }) as unknown as Db;
  // Connect first: postgres.js reads the array types when it connects, which is not the app's statement.
  await recorder`select 1`;
  const capture = async (read: () => Promise<unknown>) => {
    recorded = [];
    await read();
    if (recorded.length === 0) throw new Error('The app sent no statement for a bare route to copy.');
    return recorded;
  };
  const orderId = env('ORDER_ID');
  const order = await capture(() => findOrderGraph(db, orderId));
  const catalogue = await capture(() => publishedIndustries(db, env('BRAND_ID')));
  const clientId = env('CLIENT_ID');
  const summary = [
    ...(await capture(() => reportingCaller(db, clientId))),
    ...(await capture(() => summaryShops(db, clientId, { groupBy: 'month' }) as Promise<unknown>)),
  ];
  await recorder.end();

  const sql = postgres(address, options);
  const run = (s: Statement, params = s.params) => sql.unsafe(s.text, params as never[], { prepare: true });
  const orderIdAt = order[0]!.params.indexOf(orderId);
  if (orderIdAt < 0) throw new Error("The order graph's statement does not take the order id.");

  const app = Fastify({ logger: false });
  app.get<{ Querystring: { id: string } }>('/order', async (req, reply) => {
    const params = [...order[0]!.params];
    params[orderIdAt] = req.query.id;
    const [row] = await run(order[0]!, params);
    return reply.type('application/json').send(JSON.stringify({ data: { order: row ?? null } }));
  });
  app.get('/healthz', async () => 'ok');
  app.get('/published-industries', async (_req, reply) => {
    const rows = await run(catalogue[0]!);
    return reply.type('application/json').send(JSON.stringify({ data: { publishedIndustries: rows } }));
  });
  app.get('/summary-shops', async (_req, reply) => {
    // The caller's row, then the summary as PostgreSQL's JSON text (the app sends that text as is too).
    let rows: readonly Record<string, unknown>[] = [];
    for (const s of summary) rows = await run(s);
    return reply.type('application/json').send(String(rows[0]?.json ?? '[]'));
  });
  await app.listen({ host: '127.0.0.1', port: Number(env('PORT')) });
  // Stopped by the benchmark: exit normally, so a --cpu-prof profile is written (BENCH_BARE_NODE_ARGS).
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  console.log(`bare ${order.length + catalogue.length + summary.length} statements`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
