import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client.js';
import { JOB_QUEUE_SCHEMA } from './jobs/index.js';
import { setupTestApp, TEST_DB } from './test/harness.js';
import {
  ADD_LOCATION,
  CHECKOUT,
  catalogue,
  GOOD_CARD,
  guestInput,
  SAVE_SHOP,
  START,
  TOKENIZE,
} from './test/order-wizard.js';
import { childDatabaseEnv, get, graphqlClient, spawnServer } from './test/spawned-server.js';

// The real server in a child process (main.ts), sent SIGTERM while checkouts are in flight: the graceful
// shutdown of README "Operations". Both databases: PGlite's data directory is the child's own.

const t = setupTestApp();
let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-shutdown-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  const res = (await database.db.execute(query)) as unknown;
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
};

/**
 * A checkout whose request line and headers go out now and whose body waits for `finish()`: a request
 * the server has started reading when the shutdown begins and can only answer after its port closed.
 */
function slowCheckout(origin: string, variables: Record<string, unknown>) {
  const payload = Buffer.from(JSON.stringify({ query: CHECKOUT, variables }));
  const half = Math.floor(payload.length / 2);
  let req!: http.ClientRequest;
  const response = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    req = http.request(
      `${origin}/api`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            connection: res.headers.connection,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
  const sent = new Promise<void>((resolve) => req.write(payload.subarray(0, half), () => resolve()));
  return { sent, response, finish: () => req.end(payload.subarray(half)) };
}

it('on SIGTERM turns unready, closes its port, finishes every request and job in flight and exits 0', async () => {
  const c = await catalogue(t);
  const env = await childDatabaseEnv(t.database, dataDir);
  const server = await spawnServer({ ...env, SHUTDOWN_DELAY_MS: '1500', SHUTDOWN_TIMEOUT_MS: '20000' });
  const api = graphqlClient(server.origin, { sockets: 12 });
  const placed: string[] = [];
  try {
    expect(await get(`${server.origin}/readyz`)).toEqual({
      status: 200,
      body: { ok: true, database: 'ok', migrations: 'ok', shuttingDown: false },
    });

    // Carts ready for checkout, through the API on kept-alive connections.
    const carts = await Promise.all(
      Array.from({ length: 9 }, async (_, i) => {
        const started = await api.call(START, { qids: [c.shop.id] });
        const oid = started.startOrder._id as string;
        const uqid = started.startOrder.userQuestionnaires[0]._id as string;
        const location = await api.call(ADD_LOCATION, {
          input: {
            address: { formattedAddress: '123 Main St, Austin, TX 78701' },
            name: `L${i}`,
            oids: [oid],
          },
        });
        await api.call(SAVE_SHOP, {
          input: {
            oid,
            locationId: location.addLocation._id,
            uqid,
            recurring: false,
            totalQuantity: 1,
            reimbursement: 3000,
          },
        });
        const card = await api.call(TOKENIZE, {
          input: { number: GOOD_CARD, expireMonth: 12, expireYear: 2035, cvc: '123' },
        });
        const input = guestInput(card.tokenizeTestCard.token, { email: `burst-${i}@example.test` });
        return { oid, input };
      }),
    );
    const [slowCart, ...burstCarts] = carts;

    // One checkout is half sent; the burst goes out; then the signal.
    const slow = slowCheckout(server.origin, { oid: slowCart!.oid, input: slowCart!.input });
    await slow.sent;
    const burst = burstCarts.map((cart) => api.call(CHECKOUT, { oid: cart.oid, input: cart.input }));
    server.child.kill('SIGTERM');

    // Unready at once, while the port still takes connections (SHUTDOWN_DELAY_MS).
    let readyz = await get(`${server.origin}/readyz`);
    while (readyz.status === 200) readyz = await get(`${server.origin}/readyz`);
    expect(readyz).toMatchObject({ status: 503, body: { ok: false, shuttingDown: true, database: 'ok' } });

    // Then the port closes: a new connection is refused.
    let refused: unknown = null;
    while (!refused) {
      refused = await get(`${server.origin}/healthz`).then(
        () => null,
        (err: unknown) => err,
      );
      if (!refused) await sleep(50);
    }
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    // The process is still there: the half-sent checkout holds it.
    expect(server.child.exitCode).toBeNull();

    slow.finish();
    const answered = await slow.response;
    expect(answered.status).toBe(200);
    expect(answered.connection).toBe('close');
    const body = JSON.parse(answered.body) as { data?: { checkout?: { _id: string; status: string } } };
    expect(body.data?.checkout?.status).toBe('COMPLETE');
    placed.push(body.data!.checkout!._id);
    for (const result of await Promise.allSettled(burst)) {
      expect(result.status === 'fulfilled' ? result.value.checkout.status : String(result.reason)).toBe(
        'COMPLETE',
      );
      if (result.status === 'fulfilled') placed.push(result.value.checkout._id as string);
    }

    expect(await server.exited).toEqual({ code: 0, signal: null });
  } finally {
    api.close();
    await server.kill();
  }

  // What the database says: each answered checkout once, with one charge; no job left half run.
  const database = TEST_DB === 'postgres' ? t.database : await openDatabase({ dataDir });
  try {
    const orders = await rowsOf<{ id: string; status: string; charges: number }>(
      database,
      sql`select o.id, o.status,
            (select count(*)::int from test_payment_charges ch
              where ch.idempotency_key like 'checkout:' || o.id || ':%' and ch.status = 'succeeded') as charges
          from orders o where o.id in ${placed}`,
    );
    expect(orders).toHaveLength(9);
    for (const o of orders) expect(o).toMatchObject({ status: 'COMPLETE', charges: 1 });
    const active = await rowsOf<{ n: number }>(
      database,
      sql`select count(*)::int as n from ${sql.raw(JOB_QUEUE_SCHEMA)}.job where state = 'active'`,
    );
    expect(active[0]!.n).toBe(0);
  } finally {
    if (database !== t.database) await database.close();
  }
}, 180_000);
