// Per-request overhead: the app against a bare Fastify + postgres.js route running the same SQL.
// Run: npx tsx scripts/bench/overhead.ts
//   SECONDS=5          seconds of each measured run (one call, one server)
//   ROUNDS=3           rounds; each round runs every call on the app and on the bare route, alternately
//   WARMUP=2           seconds each call is driven on each server, untimed, before the rounds
//   CONNECTIONS=20     autocannon's connections (requests in flight)
//   CALLS=order,...    only these calls (by the name printed, or its start; for a profile of one call)
//   BENCH_SERVER_NODE_ARGS  extra node flags for the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
//                      (the process that seeds gets them too: the measured app's profile is written last)
//   BENCH_BARE_NODE_ARGS    the same for the bare route's server (to profile both alike)
//   BENCH_APP_DIR=.    the checkout whose server is measured (an earlier commit's worktree, to compare
//                      before and after in one run); the bare route always runs from this checkout
//   BENCH_BEFORE_DIR   instead of the bare route, the app of this checkout (an earlier commit's worktree
//                      with its node_modules and `npm run codegen` done), on the same database: each call
//                      alternates between the two apps, and the ratios are this checkout's against it.
//                      Separate runs on this shared machine cannot tell a change of a few per cent from
//                      noise (their rounds differ by 10 % and more). The app started first still fares a
//                      little worse (about 3 % in runs both ways round): run it both ways round, or once
//                      with this checkout as its own "before", and compare.
//   BENCH_POSTGRES_URL, BENCH_SOCKET_DIR  as in order-flow.ts
//
// Both servers run in their own process on one fresh database, reached through PostgreSQL's Unix socket
// when it is there. The app is `src/server/main.ts` as production runs it (NODE_ENV=production, the web
// app's trusted documents), started fresh on the database another app process seeded (the demo data)
// and left; the bare route is scripts/bench/bare-server.ts, which sends
// the statements the app's own readers send (it records them at start-up) and answers with the rows'
// JSON. Four calls, as the browser and API clients make them:
//   - order: the order wizard's OrderDetails query (by trusted-document id) for a cart with 3 locations
//     and 3 shops, anonymous (the cart's id is its capability);
//   - order (OrderDetails as text): the same document sent as text, only when CALLS names it (to
//     profile the text path against the id path);
//   - order (order-flow.ts query): the lighter order query that order-flow.ts sends (as text, as API
//     clients do), the one the issue's first measurement used;
//   - publishedIndustries: the first page's PublishedIndustriesAndQuestionnaires (by id), anonymous;
//   - summary: the dashboard's first reporting call, GET /api/summary/shops?groupBy=month (All Time),
//     signed, for the demo chain owner (reports@demo.test).
// Each run is autocannon against one server; the app's and the bare route's runs alternate (app first
// in odd rounds, bare first in even ones), so a noisy moment of this shared machine falls on both. The
// printed figures are over the rounds: requests per second (the total served over the total time), the
// app/bare ratio, p97.5 latency, and CPU per request of each server process (from /proc).
// PASS when every call's app/bare ratio, the median of its rounds' ratios, is at least 60 % (the
// opt-in call below aside).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { signingText } from '../../src/domain/index.js';
import { withBenchDatabase } from './bench-database.js';
import { APP_DIR, cpuOf, freePort, startScriptNodeFlags, waitUntilUp } from './production-server.js';

const SECONDS = Number(process.env.SECONDS ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const SOCKET_DIR =
  process.env.BENCH_SOCKET_DIR ??
  (existsSync('/var/run/postgresql/.s.PGSQL.5432') ? '/var/run/postgresql' : '');
const RATIO_TARGET = 0.6;
const APP = path.resolve(process.env.BENCH_APP_DIR ?? APP_DIR);
const BEFORE = process.env.BENCH_BEFORE_DIR ? path.resolve(process.env.BENCH_BEFORE_DIR) : null;

const ORDER_FLOW_ORDER = `query ($id: String) { order(_id: $id) { _id status initialDue { value displayValue }
    userQuestionnaires { _id qid questionnaire { title minimumReimbursement } }
    locations { _id name address { state } shops { _id recurring initialDue { value } } } } }`;

/** The web app's documents, by name, from the list GraphQL Codegen writes (`npm run codegen`). */
function webDocument(name: string): { id: string; text: string } {
  const file = path.join(APP, 'src/web/gql/persisted-documents.json');
  const list = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const found = Object.entries(list).find(([, text]) =>
    new RegExp(`\\b(query|mutation) ${name}\\b`).test(text),
  );
  if (!found) throw new Error(`The web app has no document ${name} (run npm run codegen).`);
  return { id: found[0].replace(/^sha256:/, ''), text: found[1] };
}

/** CPU time (user + system, ms) of a process and its threads so far, from /proc. */
const cpuMs = (pid: number): number => {
  const ms = cpuOf([pid]).get(pid);
  if (ms === undefined) throw new Error(`Process ${pid} is gone.`);
  return ms;
};

type Server = { origin: string; pid: number; stop: () => Promise<void> };

async function startServer(args: string[], env: Record<string, string>, cwd = APP_DIR): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited with ${code}.`))),
  );
  exited.catch(() => {});
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, sleep(10_000).then(() => child.kill('SIGKILL'))]);
  };
  try {
    await Promise.race([waitUntilUp(origin), exited]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, pid: child.pid!, stop };
}

// biome-ignore lint/suspicious/noExplicitAny: the benchmark reads responses loosely.
type Data = any;

async function gql(origin: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${origin}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Data; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
}

/** A cart as the wizard leaves it before checkout: one program, three locations with a shop each. */
async function makeCart(origin: string): Promise<string> {
  const catalogue = await gql(
    origin,
    'query { publishedIndustries { questionnaires { _id type title minimumReimbursement } } }',
  );
  const q = (catalogue.publishedIndustries as { questionnaires: Data[] }[])
    .flatMap((i) => i.questionnaires)
    .find((x) => x.type === 'mysteryShop' && !/upload/i.test(x.title));
  const started = await gql(
    origin,
    'mutation ($qids: [String!]!) { startOrder(qids: $qids, serviceKeys: ["mysteryShop"]) { _id userQuestionnaires { _id } } }',
    { qids: [q._id] },
  );
  const oid = started.startOrder._id as string;
  const uqid = started.startOrder.userQuestionnaires[0]._id as string;
  const addresses = [
    '123 Main St, Austin, TX 78701',
    '500 Fremont St, Las Vegas, NV 89101',
    '1 Market St, San Francisco, CA 94105',
  ];
  for (const [i, formattedAddress] of addresses.entries()) {
    const location = await gql(
      origin,
      'mutation ($input: LocationInput!) { addLocation(input: $input) { _id } }',
      {
        input: { address: { formattedAddress }, name: String(i + 1), oids: [oid] },
      },
    );
    await gql(origin, 'mutation ($input: ShopInput!) { saveShop(input: $input) { _id } }', {
      input: {
        oid,
        locationId: location.addLocation._id,
        uqid,
        reimbursement: q.minimumReimbursement,
        recurring: false,
        totalQuantity: 1 + i,
      },
    });
  }
  return oid;
}

type Target = { method: 'GET' | 'POST'; path: string; body?: string; check: (body: string) => boolean };
type Run = { requests: number; seconds: number; p975: number; cpuMs: number; pgMs: number; errors: number };

/** CPU time so far of the database's PostgreSQL backends (both servers' connections: they run in turn). */
type Backends = () => Promise<Map<number, number>>;

async function drive(server: Server, target: Target, seconds: number, backends: Backends): Promise<Run> {
  const pg0 = await backends();
  const cpu0 = cpuMs(server.pid);
  const result = await autocannon({
    url: server.origin + target.path,
    method: target.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    ...(target.body ? { body: target.body } : {}),
  });
  const cpu = cpuMs(server.pid) - cpu0;
  const pg1 = await backends();
  const pgMs = [...pg1].reduce((sum, [pid, ms]) => sum + ms - (pg0.get(pid) ?? 0), 0);
  return {
    pgMs,
    requests: result.requests.total,
    seconds: result.duration,
    p975: result.latency.p97_5,
    cpuMs: cpu,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  await withBenchDatabase('overhead', async (bench) => {
    const url = new URL(bench.url);
    if (SOCKET_DIR) url.searchParams.set('host', SOCKET_DIR);
    const nodeArgs = [
      ...startScriptNodeFlags(),
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ];
    const servers: Server[] = [];
    try {
      const secret = randomBytes(24).toString('hex');
      const startApp = (dir: string, seed: boolean, dataDir: string) =>
        startServer(
          [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'],
          {
            NODE_ENV: 'production',
            APP_SECRET: secret,
            LOG_LEVEL: 'warn',
            DATABASE_URL: url.toString(),
            ...(seed ? { SEED_DEMO: '1' } : {}),
            DATA_DIR: `/tmp/${bench.name}-${dataDir}`,
            HOST: '127.0.0.1',
            BILLING_RUN_AT: 'off',
            VISIT_SCHEDULING_AT: 'off',
            DIGEST_AT: 'off',
            ACTION_PLAN_REMINDERS_AT: 'off',
          },
          dir,
        );
      // The demo data, the cart, the sign-in and the signature come from an app process of their own,
      // stopped before anything is measured: production starts its server on a database that is there,
      // and the process that seeded ran about 6-16 % slower per request afterwards than one started
      // fresh on the same database (its heap and compiled code keep the seed's work).
      const seeder = await startApp(APP, true, 'seed');
      servers.push(seeder);
      const oid = await makeCart(seeder.origin);
      const login = await gql(
        seeder.origin,
        'mutation { login(email: "reports@demo.test", password: "demo-reports-pass") { token } }',
      );
      const token = login.login.token as string;
      const me = (await gql(seeder.origin, 'query { currentUser { _id } }', {}, token)).currentUser
        ._id as string;
      const params = { userMakingRequest: me, client: me, groupBy: 'month' };
      const signature = (
        await gql(
          seeder.origin,
          'mutation ($t: String!) { generateSignature(text: $t) }',
          { t: signingText(params) },
          token,
        )
      ).generateSignature as string;
      await seeder.stop();
      servers.pop();
      const app = await startApp(APP, false, 'app');
      servers.push(app);
      const [brand] = await bench.direct<{ id: string }[]>`select id from brands where is_default`;

      const bareNodeArgs = (process.env.BENCH_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const bare = BEFORE
        ? await startApp(BEFORE, false, 'before')
        : await startServer([...bareNodeArgs, '--import', 'tsx', 'scripts/bench/bare-server.ts'], {
            NODE_ENV: 'production',
            DATABASE_URL: url.toString(),
            ORDER_ID: oid,
            BRAND_ID: brand!.id,
            CLIENT_ID: me,
          });
      servers.push(bare);

      const persisted = (name: string, variables: Record<string, unknown>) =>
        JSON.stringify({
          extensions: { persistedQuery: { version: 1, sha256Hash: webDocument(name).id } },
          variables,
        });
      const summaryQuery = new URLSearchParams({ ...params, signature }).toString();
      const hasData = (key: string) => (body: string) => {
        const parsed = JSON.parse(body) as Data;
        return !parsed.errors && parsed.data?.[key] != null;
      };
      const isRows = (body: string) => Array.isArray(JSON.parse(body)) && JSON.parse(body).length > 0;
      const calls: { name: string; optIn?: boolean; app: Target; bare: Target }[] = [
        {
          name: 'order',
          app: {
            method: 'POST',
            path: '/api',
            body: persisted('OrderDetails', { oid }),
            check: hasData('order'),
          },
          bare: { method: 'GET', path: `/order?id=${oid}`, check: hasData('order') },
        },
        {
          // The order-flow benchmark's lighter order query (scripts/bench/order-flow.ts), sent as text.
          name: 'order (order-flow.ts query)',
          app: {
            method: 'POST',
            path: '/api',
            body: JSON.stringify({ query: ORDER_FLOW_ORDER, variables: { id: oid } }),
            check: hasData('order'),
          },
          bare: { method: 'GET', path: `/order?id=${oid}`, check: hasData('order') },
        },
        {
          // The wizard's OrderDetails sent as text, as an API client would: only when CALLS names it (to
          // profile the text path against the id path on the same document).
          name: 'order (OrderDetails as text)',
          optIn: true,
          app: {
            method: 'POST',
            path: '/api',
            body: JSON.stringify({ query: webDocument('OrderDetails').text, variables: { oid } }),
            check: hasData('order'),
          },
          bare: { method: 'GET', path: `/order?id=${oid}`, check: hasData('order') },
        },
        {
          name: 'publishedIndustries',
          app: {
            method: 'POST',
            path: '/api',
            body: persisted('PublishedIndustriesAndQuestionnaires', {}),
            check: hasData('publishedIndustries'),
          },
          bare: { method: 'GET', path: '/published-industries', check: hasData('publishedIndustries') },
        },
        {
          name: 'summary (/api/summary/shops)',
          app: { method: 'GET', path: `/api/summary/shops?${summaryQuery}`, check: isRows },
          bare: { method: 'GET', path: '/summary-shops', check: isRows },
        },
      ];
      // Before and after: the earlier checkout's app answers each call as the app does.
      if (BEFORE) for (const call of calls) call.bare = call.app;
      const only = process.env.CALLS?.split(',');
      // A call by its whole name, else every call whose name starts so ("summary").
      const named = (o: string) => (c: { name: string }) =>
        calls.some((x) => x.name === o) ? c.name === o : c.name.startsWith(o);
      calls.splice(
        0,
        calls.length,
        ...calls.filter((c) => (only ? only.some((o) => named(o)(c)) : !c.optIn)),
      );
      // Each target answers as expected before it is timed.
      for (const call of calls)
        for (const [server, target] of [
          [app, call.app],
          [bare, call.bare],
        ] as const) {
          const res = await fetch(server.origin + target.path, {
            method: target.method,
            headers: { 'content-type': 'application/json' },
            ...(target.body ? { body: target.body } : {}),
          });
          const text = await res.text();
          if (!res.ok || !target.check(text))
            throw new Error(
              `${call.name} on ${server === app ? 'the app' : 'the bare route'}: ${res.status} ${text.slice(0, 300)}`,
            );
        }

      console.log(
        `Per-request overhead: the app (src/server/main.ts, production) against ${BEFORE ? `the app of ${BEFORE} ("bare" below)` : 'a bare Fastify + postgres.js route'} ` +
          `running the same SQL, on one PostgreSQL database (${SOCKET_DIR ? 'Unix socket' : 'TCP'}); autocannon, ` +
          `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per call and server, alternating.`,
      );
      const backends: Backends = async () => {
        const pids = await bench.direct<{ pid: number }[]>`
          select pid from pg_stat_activity where datname = ${bench.name} and pid <> pg_backend_pid()`;
        return new Map(
          pids.flatMap(({ pid }) => {
            try {
              return [[pid, cpuMs(pid)] as [number, number]];
            } catch {
              return []; // gone
            }
          }),
        );
      };
      // Warm-up: JIT, connection pools, prepared statements.
      for (const call of calls) {
        await drive(app, call.app, WARMUP, backends);
        await drive(bare, call.bare, WARMUP, backends);
      }
      const totals = calls.map(() => ({ app: [] as Run[], bare: [] as Run[] }));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, call] of calls.entries()) {
          const order = round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
          for (const side of order) {
            const run = await drive(side === 'app' ? app : bare, call[side], SECONDS, backends);
            totals[i]![side].push(run);
          }
        }
      }
      const sum = (runs: Run[], f: (r: Run) => number) => runs.reduce((s, r) => s + f(r), 0);
      const rate = (runs: Run[]) => sum(runs, (r) => r.requests) / sum(runs, (r) => r.seconds);
      const cpu = (runs: Run[]) => sum(runs, (r) => r.cpuMs) / sum(runs, (r) => r.requests);
      const pgCpu = (runs: Run[]) => sum(runs, (r) => r.pgMs) / sum(runs, (r) => r.requests);
      const worstP975 = (runs: Run[]) => Math.max(...runs.map((r) => r.p975));
      const median = (values: number[]) => {
        const sorted = [...values].sort((x, y) => x - y);
        const mid = Math.floor(sorted.length / 2);
        return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
      };
      console.log(
        `\n  ${'call'.padEnd(30)} ${'app req/s'.padStart(10)} ${'bare req/s'.padStart(11)} ${'app/bare'.padStart(9)} ${'median'.padStart(7)}   ${'rounds'.padEnd(20)} ${'app p97.5'.padStart(10)} ${'bare p97.5'.padStart(11)} ${'app CPU/req'.padStart(12)} ${'bare CPU/req'.padStart(13)} ${'PG/req app'.padStart(11)} ${'PG/req bare'.padStart(12)}`,
      );
      const short: string[] = [];
      let errors = 0;
      for (const [i, call] of calls.entries()) {
        const { app: a, bare: b } = totals[i]!;
        const ratio = rate(a) / rate(b);
        errors += sum(a, (r) => r.errors) + sum(b, (r) => r.errors);
        const rounds = a.map((r, k) => r.requests / r.seconds / (b[k]!.requests / b[k]!.seconds));
        const mid = median(rounds);
        if (mid < RATIO_TARGET) short.push(`${call.name} ${(100 * mid).toFixed(0)} %`);
        const perRound = rounds.map((x) => `${Math.round(100 * x)}%`).join(' ');
        console.log(
          `  ${call.name.padEnd(30)} ${rate(a).toFixed(0).padStart(10)} ${rate(b).toFixed(0).padStart(11)} ${`${(100 * ratio).toFixed(0)} %`.padStart(9)} ${`${(100 * mid).toFixed(0)} %`.padStart(7)}   ${perRound.padEnd(20)} ${`${worstP975(a)} ms`.padStart(10)} ${`${worstP975(b)} ms`.padStart(11)} ${`${cpu(a).toFixed(2)} ms`.padStart(12)} ${`${cpu(b).toFixed(2)} ms`.padStart(13)} ${`${pgCpu(a).toFixed(2)} ms`.padStart(11)} ${`${pgCpu(b).toFixed(2)} ms`.padStart(12)}`,
        );
      }
      if (BEFORE) {
        console.log(`\nBefore and after (${APP} against ${BEFORE}): the ratios are after/before.`);
        if (errors) process.exitCode = 1;
        return;
      }
      const ok = short.length === 0 && errors === 0;
      console.log(
        `\n${ok ? 'PASS' : 'FAIL'}: ${short.length ? `under ${100 * RATIO_TARGET} % of the bare route (median of the rounds): ${short.join(', ')}` : `every call's median app/bare ratio is at least ${100 * RATIO_TARGET} %`}` +
          `${errors ? `; ${errors} requests failed` : ''}.`,
      );
      if (!ok) process.exitCode = 1;
    } finally {
      for (const s of servers.reverse()) await s.stop();
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
