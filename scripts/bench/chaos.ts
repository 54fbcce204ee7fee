// The chaos benchmark (issue 49): the order flow under load while the parts fail, then a check that
// nothing was lost. Run: npx tsx scripts/bench/chaos.ts (as root: it makes a PostgreSQL cluster).
//   DURATION=270     seconds of load; the faults' timetable below fits in 250 s
//   CONCURRENCY=6    shoppers: guests, every 5th order a new account, every 3rd an existing customer
//                    whose account has a webhook endpoint for order.placed
//   SETTLE=420       seconds to wait after the load for retried e-mails and webhooks to go out
//   CHAOS_PG_PORT=5439, CHAOS_CLUSTER=storefront_chaos   its own PostgreSQL 15 cluster (pg_createcluster,
//                    trust auth on 127.0.0.1), made for the run and dropped after (KEEP_CLUSTER=1 keeps it):
//                    restarting it disturbs nobody else's tests on the machine's main cluster.
//
// Two app instances (src/server/main.ts, NODE_ENV=production, each its own port) on that cluster, the
// SMTP stand-in (src/server/test/smtp-stand-in.ts) and a webhook receiver in this process. The load
// generator is also the load balancer: it sends each request to the next instance whose /readyz said
// 200 at its last check (every 250 ms), and sends a request that could not connect (ECONNREFUSED:
// it never reached an instance) to another one, as a proxy does; any other error is a failed request.
//
// Timetable (seconds after the load starts):
//     10  SMTP stops (its port closes) for 60 s
//     20  the webhook receiver answers 500 for 30 s, then does not answer at all (the app's 10 s
//         timeout) for 30 s
//    100  PostgreSQL restarts (pg_ctlcluster restart: every connection is cut)
//    140  instance 1 is killed (SIGKILL) and started again
//    190  instance 2 gets SIGTERM (graceful shutdown) and, once it exited, is started again
// For each fault it prints the requests in its window (from its start to 30 s after its end), the
// error rate, the longest run of failed requests in a row, and when the last failure was.
//
// Then, from the database and the stand-ins: every checkout answered COMPLETE exists once, with exactly
// one successful charge of its amount and its visits; no half-written order (complete without a charge
// or visits, or a cart with visits); every outbox e-mail sent and in the recipient's mailbox exactly
// once (by its Message-ID: a copy resent after a crash carries the first one's id and content and the
// mailbox drops it, as receiving mail systems do; a copy with other content is a loss); every webhook
// delivery delivered, every event received at least once and any repeat with the same webhook-id; no job left queued, running or failed. Exit 1 on any loss.
import './production-env.js';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import {
  header,
  type SmtpStandIn,
  sameMessageKey,
  startSmtpStandIn,
} from '../../src/server/test/smtp-stand-in.js';
import { APP_DIR, freePort, startScriptNodeFlags } from './production-server.js';

const DURATION_S = Number(process.env.DURATION ?? 270);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 6);
const SETTLE_S = Number(process.env.SETTLE ?? 420);
const PG_PORT = Number(process.env.CHAOS_PG_PORT ?? 5439);
const CLUSTER = process.env.CHAOS_CLUSTER ?? 'storefront_chaos';
const PG_VERSION = '15';
const DB_NAME = 'storefront_chaos';
const DB_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/${DB_NAME}`;
const MAIL_DOMAIN = 'customer-optix.test';

const DOCS = {
  login:
    'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
  industries: `query { publishedIndustries { questionnaires { _id type title minimumReimbursement } } }`,
  createEndpoint: `mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { _id } }`,
  startOrder: `mutation ($qids: [String!]!) { startOrder(qids: $qids) { _id userQuestionnaires { _id } } }`,
  addLocation: `mutation ($input: LocationInput!) { addLocation(input: $input) { _id } }`,
  saveShop: `mutation ($input: ShopInput!) { saveShop(input: $input) { _id } }`,
  tokenize: `mutation ($input: TestCardInput!) { tokenizeTestCard(input: $input) { token } }`,
  checkout: `mutation ($oid: String!, $input: CheckoutInput!) { checkout(oid: $oid, input: $input) { _id status amount } }`,
};

// ------------------------------------------------------------------------------------------ PostgreSQL

const sh = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

function makeCluster() {
  const list = sh('pg_lsclusters', ['-h']);
  if (list.split('\n').some((l) => l.split(/\s+/)[1] === CLUSTER)) {
    sh('pg_dropcluster', [PG_VERSION, CLUSTER, '--stop']);
  }
  sh('pg_createcluster', [PG_VERSION, CLUSTER, '-p', String(PG_PORT), '--start', '--', '--auth=trust']);
}

function dropCluster() {
  if (process.env.KEEP_CLUSTER === '1') return console.log(`Kept cluster ${PG_VERSION}/${CLUSTER}.`);
  try {
    sh('pg_dropcluster', [PG_VERSION, CLUSTER, '--stop']);
  } catch (err) {
    console.error(`Could not drop the cluster: ${(err as Error).message}`);
  }
}

// ------------------------------------------------------------------------------------------ stand-ins

/**
 * The recipients' mailboxes, as a receiving mail system keeps them: one message per Message-ID. A copy
 * handed over again with a Message-ID already there (the app resending after a crash between the
 * server's 250 and the outbox's 'sent', at-least-once delivery) is dropped, as Gmail, Exchange, Cyrus'
 * duplicate suppression and Sieve's "duplicate" test (RFC 7352) do; it is counted in `resends`, and a
 * copy whose content differs from the first is recorded in `conflicts` (a loss: the id would then not
 * name one message).
 */
const mailbox = new Map<string, string>();
/** Message-ID -> how many more times than once the SMTP stand-in accepted it (over all its restarts). */
const resends = new Map<string, number>();
const conflicts: string[] = [];
let noMessageId = 0;
let smtp: SmtpStandIn | null = null;
let smtpPort = 0;
async function smtpUp() {
  smtp = await startSmtpStandIn({
    port: smtpPort,
    keep: false,
    onMessage(mail) {
      const id = header(mail, 'Message-ID');
      if (!id) return void noMessageId++;
      const key = sameMessageKey(mail);
      const first = mailbox.get(id);
      if (first === undefined) return void mailbox.set(id, key);
      resends.set(id, (resends.get(id) ?? 0) + 1);
      if (first !== key) conflicts.push(id);
    },
  });
  smtpPort = smtp.port;
}
async function smtpDown() {
  await smtp?.close();
  smtp = null;
}

type WebhookMode = 'ok' | 'error' | 'hang';
let webhookMode: WebhookMode = 'ok';
/** Event id (the payload's id) -> the webhook-ids it was received with, answered 2xx. */
const webhookReceived = new Map<string, Set<string>>();
let webhookAnswered2xx = 0;
const hanging = new Set<http.ServerResponse>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (webhookMode === 'error') return res.writeHead(500).end('chaos');
    if (webhookMode === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
    const ids = webhookReceived.get(body.id) ?? new Set<string>();
    ids.add(String(req.headers['webhook-id']));
    webhookReceived.set(body.id, ids);
    webhookAnswered2xx++;
    res.writeHead(200).end('ok');
  });
});

// ------------------------------------------------------------------------------------------ instances

type Instance = {
  n: number;
  port: number;
  origin: string;
  child: ChildProcess | null;
  ready: boolean;
  /** Set before the timetable stops it: any other exit is a crash, which the "supervisor" restarts. */
  expectExit: boolean;
};
/** Instances that ended by themselves, as an orchestrator would see them (restarted at once). */
const crashes: { at: number; n: number; how: string }[] = [];
let running = true;
const instances: Instance[] = [];
const secret = randomBytes(24).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-chaos-'));

async function startInstance(inst: Instance, seed: boolean) {
  const child = spawn(
    process.execPath,
    [...startScriptNodeFlags(), '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: APP_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        APP_SECRET: secret,
        LOG_LEVEL: 'error',
        DATABASE_URL: DB_URL,
        SEED_DEMO: seed ? '1' : '0',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(inst.port),
        PUBLIC_URL: `http://127.0.0.1:${inst.port}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${(receiver.address() as { port: number }).port}`,
        BILLING_RUN_AT: 'off',
        VISIT_SCHEDULING_AT: 'off',
        DIGEST_AT: 'off',
        ACTION_PLAN_REMINDERS_AT: 'off',
        WEB_CONCURRENCY: '1',
        SHUTDOWN_DELAY_MS: '1500',
        SHUTDOWN_TIMEOUT_MS: '15000',
      },
    },
  );
  inst.child = child;
  inst.expectExit = false;
  child.once('exit', (code, signal) => {
    if (inst.child === child) inst.child = null;
    inst.ready = false;
    if (inst.expectExit || !running || loadStart === 0) return;
    const how = signal ?? `exit ${code}`;
    console.log(
      `[${now().toFixed(1)} s] instance ${inst.n} crashed (${how}); the supervisor starts it again`,
    );
    crashes.push({ at: now(), n: inst.n, how });
    startInstance(inst, false).catch((err) => console.error(`Restart of instance ${inst.n} failed: ${err}`));
  });
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (inst.child !== child) throw new Error(`Instance ${inst.n} exited at start.`);
    if ((await probe(`${inst.origin}/readyz`)) === 200) return;
    await sleep(200);
  }
  throw new Error(`Instance ${inst.n} was not ready within 180 s.`);
}

const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** The load balancer's health checks: /readyz of each instance every 250 ms. */
let checking = true;
async function healthChecks() {
  while (checking) {
    await Promise.all(
      instances.map(async (inst) => {
        inst.ready = inst.child !== null && (await probe(`${inst.origin}/readyz`)) === 200;
      }),
    );
    await sleep(250);
  }
}

// ------------------------------------------------------------------------------------------ load

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
class Unreached extends Error {}

function post(origin: string, query: string, variables: object, token?: string): Promise<unknown> {
  const payload = JSON.stringify({ query, variables });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/api`,
      {
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              data?: unknown;
              errors?: { message: string }[];
            };
            if (body.errors?.length) reject(new Error(body.errors.map((e) => e.message).join('; ')));
            else resolve(body.data);
          } catch {
            reject(new Error(`HTTP ${res.statusCode}`));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ECONNREFUSED' ? new Unreached(err.message) : err),
    );
    req.end(payload);
  });
}

type Outcome = { at: number; ok: boolean; message?: string };
const outcomes: Outcome[] = [];
let loadStart = 0;
/** When the load began (the database's clock is this machine's): orders since then are this run's. */
let runStartedAt = new Date();
const now = () => (performance.now() - loadStart) / 1000;
let rr = 0;

/** One request through the "load balancer": to the next ready instance; unreached ones go to another. */
// biome-ignore lint/suspicious/noExplicitAny: the benchmark reads responses loosely.
async function call(query: string, variables: object, token?: string): Promise<any> {
  for (let tries = 0; ; tries++) {
    const ready = instances.filter((i) => i.ready);
    const inst = (ready.length ? ready : instances)[rr++ % (ready.length || instances.length)]!;
    try {
      const data = await post(inst.origin, query, variables, token);
      outcomes.push({ at: now(), ok: true });
      return data;
    } catch (err) {
      if (err instanceof Unreached && tries < 20) {
        inst.ready = false;
        await sleep(50);
        continue;
      }
      outcomes.push({ at: now(), ok: false, message: (err as Error).message.slice(0, 120) });
      throw err;
    }
  }
}

type Placed = { oid: string; amount: number; kind: 'guest' | 'account' | 'customer' };
const placed: Placed[] = [];
let shopQid = '';
let shopMin = 0;
let customerToken = '';

async function shopper(n: number, deadline: number) {
  let i = 0;
  while (now() < deadline) {
    i++;
    const kind = (i + n) % 3 === 0 ? 'customer' : (i + n) % 5 === 0 ? 'account' : 'guest';
    const token = kind === 'customer' ? customerToken : undefined;
    try {
      const started = await call(DOCS.startOrder, { qids: [shopQid] }, token);
      const oid = started.startOrder._id as string;
      const location = await call(
        DOCS.addLocation,
        {
          input: {
            address: { formattedAddress: '123 Main St, Austin, TX 78701' },
            name: `${n}-${i}`,
            oids: [oid],
          },
        },
        token,
      );
      await call(
        DOCS.saveShop,
        {
          input: {
            oid,
            locationId: location.addLocation._id,
            uqid: started.startOrder.userQuestionnaires[0]._id,
            reimbursement: shopMin,
            ...(kind === 'guest'
              ? { recurring: false, totalQuantity: 1 + (i % 2) }
              : { recurring: true, frequencyPeriod: 'month', frequencyQuantity: 1 }),
          },
        },
        token,
      );
      const card = await call(DOCS.tokenize, {
        input: { number: '4242424242424242', expireMonth: 12, expireYear: 2040, cvc: '123' },
      });
      const base = {
        paymentCardValid: true,
        cancellationPolcy: true,
        stripeToken: card.tokenizeTestCard.token,
      };
      const contact = {
        email: `chaos-${n}-${i}-${randomBytes(3).toString('hex')}@bench.test`,
        profile: {
          firstName: 'Chaos',
          lastName: `Shopper ${n}`,
          businessName: 'Chaos Co',
          phone: '5125550100',
        },
      };
      const input =
        kind === 'customer'
          ? base
          : kind === 'account'
            ? { ...base, ...contact, password: 'chaos-password', confirmPassword: 'chaos-password' }
            : { ...base, ...contact, guestCheckout: true };
      const done = await call(DOCS.checkout, { oid, input }, token);
      if (done.checkout.status === 'COMPLETE') placed.push({ oid, amount: done.checkout.amount, kind });
    } catch {
      // counted in outcomes; the shopper starts a new order
    }
  }
}

// ------------------------------------------------------------------------------------------ faults

type Fault = { name: string; start: number; end: number };
const faults: Fault[] = [];
async function at(second: number, name: string, fn: () => Promise<void>, lasting = 0) {
  const wait = second - now();
  if (wait > 0) await sleep(wait * 1000);
  const start = now();
  console.log(`[${start.toFixed(1)} s] ${name}`);
  await fn();
  faults.push({ name, start, end: Math.max(now(), start + lasting) });
}

async function timetable() {
  const smtpOutage = (async () => {
    await at(10, 'SMTP down for 60 s', smtpDown, 60);
    await at(70, 'SMTP back', smtpUp);
    faults.pop();
  })();
  const webhookOutage = (async () => {
    await at(
      20,
      'webhook receiver answers 500 for 30 s',
      async () => {
        webhookMode = 'error';
      },
      30,
    );
    await at(
      50,
      'webhook receiver times out for 30 s',
      async () => {
        webhookMode = 'hang';
      },
      30,
    );
    await at(80, 'webhook receiver back', async () => {
      webhookMode = 'ok';
      for (const res of hanging) res.destroy();
    });
    faults.pop();
  })();
  await Promise.all([smtpOutage, webhookOutage]);
  await at(100, 'PostgreSQL restart', async () => {
    sh('pg_ctlcluster', [PG_VERSION, CLUSTER, 'restart']);
  });
  await at(140, 'instance 1 SIGKILL, started again', async () => {
    const inst = instances[0]!;
    inst.ready = false;
    inst.expectExit = true;
    if (!inst.child) throw new Error('instance 1 is not running');
    inst.child.kill('SIGKILL');
    await stopped(inst.child!);
    await startInstance(inst, false);
  });
  await at(190, 'instance 2 SIGTERM, started again', async () => {
    const inst = instances[1]!;
    inst.expectExit = true;
    if (!inst.child) throw new Error('instance 2 is not running');
    const child = inst.child;
    child.kill('SIGTERM');
    await stopped(child);
    if (child.exitCode !== 0) throw new Error(`Instance 2 exited with ${child.exitCode} after SIGTERM.`);
    await startInstance(inst, false);
  });
}

// ------------------------------------------------------------------------------------------ checks

async function settle(sql: postgres.Sql) {
  const until = Date.now() + SETTLE_S * 1000;
  for (;;) {
    const [row] = await sql<{ mail: number; hooks: number; jobs: number }[]>`
      select (select count(*)::int from outbox_emails where status = 'pending') as mail,
             (select count(*)::int from webhook_deliveries where status in ('pending', 'retrying')) as hooks,
             (select count(*)::int from pgboss.job where state in ('created', 'retry', 'active')) as jobs`;
    if (row!.mail + row!.hooks + row!.jobs === 0) return;
    if (Date.now() > until) {
      console.log(
        `Settle time over: ${row!.mail} e-mails, ${row!.hooks} webhooks, ${row!.jobs} jobs still waiting.`,
      );
      return;
    }
    console.log(
      `  waiting for retries: ${row!.mail} e-mails, ${row!.hooks} webhooks, ${row!.jobs} jobs queued`,
    );
    await sleep(10_000);
  }
}

async function check(sql: postgres.Sql): Promise<string[]> {
  const losses: string[] = [];
  const lose = (what: string, n: number, sample: unknown[] = []) => {
    if (n > 0)
      losses.push(`${what}: ${n}${sample.length ? ` (e.g. ${JSON.stringify(sample.slice(0, 3))})` : ''}`);
  };
  const oids = placed.map((p) => p.oid);
  const rows = await sql<
    { id: string; status: string; amount: number; charges: number; charged: number; visits: number }[]
  >`
    select o.id, o.status, o.amount,
      (select count(*)::int from test_payment_charges c
        where c.idempotency_key like 'checkout:' || o.id || ':%' and c.status = 'succeeded') as charges,
      (select coalesce(sum(c.amount), 0)::int from test_payment_charges c
        where c.idempotency_key like 'checkout:' || o.id || ':%' and c.status = 'succeeded') as charged,
      (select count(*)::int from visits v join user_questionnaires uq on uq.id = v.uqid where uq.oid = o.id) as visits
    from orders o where o.id = any(${oids})`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  lose('answered checkouts missing from the database', oids.filter((id) => !byId.has(id)).length);
  lose('answered checkouts listed twice', oids.length - new Set(oids).size);
  const bad = rows.filter(
    (r) => r.status !== 'COMPLETE' || r.charges !== 1 || r.charged !== r.amount || r.visits < 1,
  );
  lose('answered checkouts without exactly one charge of their amount and their visits', bad.length, bad);
  // The orders of this run (the demo seed's own orders are older and made without the checkout).
  const [half] = await sql<{ complete_unpaid: number; cart_with_visits: number; charged_carts: number }[]>`
    with orders as (select * from public.orders where created_at >= ${runStartedAt})
    select
      (select count(*)::int from orders o where o.status = 'COMPLETE' and (o.payment_charge_id is null
         or not exists (select 1 from visits v join user_questionnaires uq on uq.id = v.uqid where uq.oid = o.id))) as complete_unpaid,
      (select count(*)::int from orders o where o.status <> 'COMPLETE'
         and exists (select 1 from visits v join user_questionnaires uq on uq.id = v.uqid where uq.oid = o.id)) as cart_with_visits,
      (select count(*)::int from orders o where o.status <> 'COMPLETE' and exists (select 1 from test_payment_charges c
         where c.idempotency_key like 'checkout:' || o.id || ':%' and c.status = 'succeeded')) as charged_carts`;
  lose('half-written orders: complete without a charge or visits', half!.complete_unpaid);
  lose('half-written orders: carts with visits', half!.cart_with_visits);
  if (half!.charged_carts > 0) {
    console.log(
      `Note: ${half!.charged_carts} carts hold a successful charge (a checkout that failed after charging; ` +
        'a retried checkout reuses the charge by its idempotency key).',
    );
  }

  const mail = await sql<{ id: string; status: string }[]>`select id, status from outbox_emails`;
  const notSent = mail.filter((m) => m.status !== 'sent');
  lose('outbox e-mails not sent', notSent.length, notSent);
  const missing = mail.filter((m) => m.status === 'sent' && !mailbox.has(`<${m.id}@${MAIL_DOMAIN}>`));
  lose(
    'outbox e-mails marked sent but never received',
    missing.length,
    missing.map((m) => m.id),
  );
  lose('e-mails received without a Message-ID', noMessageId);
  lose('e-mails resent with the same Message-ID but other content', conflicts.length, conflicts);
  const held = new Set(mail.map((m) => `<${m.id}@${MAIL_DOMAIN}>`));
  const unknown = [...mailbox.keys()].filter((id) => !held.has(id));
  lose('e-mails received that the outbox does not hold', unknown.length, unknown);
  if (resends.size > 0) {
    console.log(
      `Note: ${resends.size} e-mails were handed to the SMTP server again after it had accepted them ` +
        `(${[...resends.values()].reduce((a, b) => a + b, 0)} copies, each with its first copy's Message-ID ` +
        'and content; the mailbox kept one): ' +
        JSON.stringify([...resends.keys()].slice(0, 3)),
    );
  }

  const hooks = await sql<{ id: string; event_id: string; status: string }[]>`
    select id, event_id, status from webhook_deliveries`;
  const undelivered = hooks.filter((h) => h.status !== 'delivered');
  lose('webhook deliveries not delivered', undelivered.length, undelivered);
  const unreceived = hooks.filter((h) => !webhookReceived.get(h.event_id)?.has(h.id));
  lose('webhook events never received with their webhook-id', unreceived.length, unreceived);
  const mixed = [...webhookReceived].filter(([, ids]) => ids.size > 1);
  lose('webhook events received under different webhook-ids', mixed.length, mixed);
  const customerOrders = placed.filter((p) => p.kind === 'customer').length;
  const [events] = await sql<{ n: number }[]>`
    select count(*)::int as n from webhook_deliveries where event_type = 'order.placed'`;
  lose(
    'checkouts of the webhook customer without an order.placed delivery',
    Math.max(0, customerOrders - events!.n),
  );

  const jobs = await sql<{ name: string; state: string; n: number }[]>`
    select name, state, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active', 'failed')
    group by name, state`;
  lose(
    'jobs queued, running or failed after the settle time',
    jobs.reduce((s, j) => s + j.n, 0),
    jobs,
  );
  const [events2] = await sql<{ n: number }[]>`
    select count(*)::int as n from domain_events e where not exists (select 1 from event_receipts r where r.event_id = e.id)`;
  if (events2!.n > 0) console.log(`Note: ${events2!.n} events have no receipt (events no subscriber takes).`);
  console.log(
    `Checked: ${oids.length} answered checkouts (${placed.filter((p) => p.kind === 'guest').length} guest, ` +
      `${placed.filter((p) => p.kind === 'account').length} new account, ${customerOrders} existing customer), ` +
      `${mail.length} e-mails (${mailbox.size} in the mailboxes, ${[...resends.values()].reduce((a, b) => a + b, 0)} resent copies dropped), ` +
      `${hooks.length} webhook deliveries (${webhookAnswered2xx} answered 2xx).`,
  );
  return losses;
}

function report() {
  const window = (f: Fault, next: number) =>
    outcomes.filter((o) => o.at >= f.start && o.at < Math.min(f.end + 30, next));
  console.log('');
  console.log(
    `${'fault'.padEnd(42)}${'window s'.padStart(10)}${'requests'.padStart(10)}${'failed'.padStart(8)}${'error %'.padStart(9)}${'longest run'.padStart(13)}${'last failure'.padStart(14)}`,
  );
  const sorted = [...faults].sort((a, b) => a.start - b.start);
  sorted.forEach((f, i) => {
    const next = sorted[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const list = window(f, next);
    const failed = list.filter((o) => !o.ok);
    let run = 0;
    let longest = 0;
    for (const o of list) {
      run = o.ok ? 0 : run + 1;
      longest = Math.max(longest, run);
    }
    const last = failed.length ? `+${(failed[failed.length - 1]!.at - f.start).toFixed(1)} s` : '-';
    const span = `${f.start.toFixed(0)}-${Math.min(f.end + 30, next).toFixed(0)}`;
    console.log(
      `${f.name.padEnd(42)}${span.padStart(10)}${String(list.length).padStart(10)}${String(failed.length).padStart(8)}` +
        `${((100 * failed.length) / Math.max(1, list.length)).toFixed(2).padStart(9)}${String(longest).padStart(13)}${last.padStart(14)}`,
    );
  });
  for (const c of crashes)
    console.log(`Crash: instance ${c.n} ended by itself at ${c.at.toFixed(1)} s (${c.how}).`);
  const failed = outcomes.filter((o) => !o.ok);
  console.log(
    `All: ${outcomes.length} requests, ${failed.length} failed (${((100 * failed.length) / Math.max(1, outcomes.length)).toFixed(2)} %), ${placed.length} checkouts answered COMPLETE.`,
  );
  const messages = new Map<string, number>();
  for (const o of failed) messages.set(o.message!, (messages.get(o.message!) ?? 0) + 1);
  for (const [m, n] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n} x ${m}`);
}

// ------------------------------------------------------------------------------------------ main

async function main() {
  makeCluster();
  const admin = postgres(`postgres://postgres@127.0.0.1:${PG_PORT}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${DB_NAME}"`);
  await admin.end();
  await smtpUp();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  for (const n of [1, 2]) {
    const port = await freePort();
    instances.push({
      n,
      port,
      origin: `http://127.0.0.1:${port}`,
      child: null,
      ready: false,
      expectExit: false,
    });
  }
  const sql = postgres(DB_URL, { max: 2, onnotice: () => {} });
  try {
    await startInstance(instances[0]!, true);
    await startInstance(instances[1]!, false);
    const health = healthChecks();
    loadStart = performance.now();
    const login = await call(DOCS.login, { email: 'customer@demo.test', password: 'demo-customer-pass' });
    customerToken = login.login.token;
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
    await call(
      DOCS.createEndpoint,
      { input: { url: receiverUrl, description: 'chaos', events: ['ORDER_PLACED'] } },
      customerToken,
    );
    const industries = await call(DOCS.industries, {});
    const shop = (
      industries.publishedIndustries as {
        questionnaires: { _id: string; type: string; title: string; minimumReimbursement: number }[];
      }[]
    )
      .flatMap((i) => i.questionnaires)
      .find((q) => q.type === 'mysteryShop' && !/upload/i.test(q.title))!;
    shopQid = shop._id;
    shopMin = shop.minimumReimbursement;
    outcomes.length = 0;
    loadStart = performance.now();
    runStartedAt = new Date();
    console.log(
      `Chaos: ${CONCURRENCY} shoppers for ${DURATION_S} s on two instances (${instances.map((i) => i.port).join(', ')}), ` +
        `PostgreSQL ${PG_VERSION}/${CLUSTER} on port ${PG_PORT}.`,
    );
    await Promise.all([
      timetable(),
      ...Array.from({ length: CONCURRENCY }, (_, n) => shopper(n, DURATION_S)),
    ]);
    console.log(`[${now().toFixed(1)} s] load over; waiting up to ${SETTLE_S} s for retries`);
    report();
    await settle(sql);
    checking = false;
    await health;
    const losses = await check(sql);
    console.log('');
    if (losses.length === 0) console.log('PASS: nothing lost.');
    else for (const l of losses) console.log(`LOSS ${l}`);
    process.exitCode = losses.length === 0 ? 0 : 1;
  } finally {
    checking = false;
    running = false;
    await sql.end({ timeout: 5 });
    await Promise.all(
      instances.map(async (inst) => {
        if (!inst.child) return;
        const child = inst.child;
        child.kill('SIGTERM');
        await Promise.race([stopped(child), sleep(30_000).then(() => child.kill('SIGKILL'))]);
      }),
    );
    await smtpDown();
    for (const res of hanging) res.destroy();
    receiver.close();
    agent.destroy();
    dropCluster();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.on('uncaughtException', (err) => {
  console.error('Chaos benchmark: uncaught exception', err);
  dropCluster();
  process.exit(2);
});

main().catch((err) => {
  console.error(err);
  dropCluster();
  process.exit(1);
});
