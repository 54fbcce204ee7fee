import cluster from 'node:cluster';
import { createAdapters } from './adapters/index.js';
import { buildApp } from './app.js';
import { configurePasswordHashing } from './auth/passwords.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isEmpty, seedDemo } from './db/seed-demo.js';
import { describeError, serializeError } from './logging/index.js';
import { startBackgroundWork } from './wiring/background-work.js';

/**
 * WEB_CONCURRENCY server processes share the port (Node's cluster module; default 1: one process, as
 * before). Only with PostgreSQL: the embedded PGlite database belongs to one process. Every process
 * reads brands and sessions from the database at each request and keeps no state of its own between
 * requests, so processes, like separate instances, always agree.
 */
function webConcurrency(config: Config): number {
  const raw = process.env.WEB_CONCURRENCY;
  const n = raw === undefined || raw === '' ? 1 : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new ConfigError(`WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "${raw}")`);
  }
  if (n > 1 && !config.DATABASE_URL) {
    console.warn(
      'WEB_CONCURRENCY is ignored without DATABASE_URL: the embedded database runs in one process.',
    );
    return 1;
  }
  return n;
}

/** Migrates, and seeds demo data into an empty embedded database (into PostgreSQL only with SEED_DEMO=1). */
async function prepareDatabase(config: Config, opts: { keepOpen: boolean }) {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    readUrl: opts.keepOpen ? config.DATABASE_READ_URL : undefined,
    dataDir: config.DATA_DIR,
  });
  const seed = database.kind === 'pglite' || config.SEED_DEMO === '1';
  if (seed && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    console.log(
      'Seeded demo data: admin@demo.test / demo-admin-pass, customer@demo.test / demo-customer-pass',
    );
  }
  if (opts.keepOpen) return database;
  await database.close();
  return null;
}

/** One server process: the whole app on its own database pool. */
async function serve(config: Config, opts: { worker: boolean }) {
  const database = opts.worker
    ? await openDatabase({
        url: config.DATABASE_URL,
        readUrl: config.DATABASE_READ_URL,
        dataDir: config.DATA_DIR,
        migrate: false,
      })
    : (await prepareDatabase(config, { keepOpen: true }))!;
  const adapters = createAdapters(config);
  const app = await buildApp({ db: database.db, readDb: database.readDb, config, adapters });
  // The job queue's workers and the daily scheduler run in every server process.
  const background = await startBackgroundWork({
    database,
    config,
    adapters,
    log: {
      info: (msg) => app.log.info(msg),
      warn: (msg) => app.log.warn(msg),
      error: (msg, err) => app.log.error({ err: serializeError(err) }, msg),
    },
  });
  const close = async () => {
    await background.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (!opts.worker) {
    const reads = database.readUrl ? ', reports read from the replica' : '';
    console.log(
      `Storefront listening on http://localhost:${config.PORT} (database: ${database.kind}${reads})`,
    );
  }
}

/** The cluster's primary: migrates and seeds once, then runs `n` server processes and replaces any that dies. */
async function primary(config: Config, n: number) {
  await prepareDatabase(config, { keepOpen: false });
  let stopping = false;
  let listening = 0;
  const recentDeaths: number[] = [];
  cluster.on('listening', () => {
    if (++listening === n) {
      console.log(
        `Storefront listening on http://localhost:${config.PORT} (database: postgres, ${n} processes)`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    console.error(`Server process ${worker.process.pid} exited (${signal ?? code}).`);
    // A process that keeps dying at start (bad config, database down) stops the whole server.
    if (recentDeaths.length > 2 * n) {
      console.error('Server processes keep exiting; stopping.');
      process.exit(1);
    }
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < n; i++) cluster.fork();
}

async function main() {
  const config = loadConfig();
  // Before the demo seed too: its passwords are hashed at the configured work factor.
  configurePasswordHashing(config);
  if (cluster.isWorker) return serve(config, { worker: true });
  const n = webConcurrency(config);
  return n > 1 ? primary(config, n) : serve(config, { worker: false });
}

main().catch((err) => {
  // A failed migration or query would print its SQL and parameters; the safe form leaves them out.
  console.error(err instanceof ConfigError ? err.message : describeError(err));
  process.exit(1);
});
