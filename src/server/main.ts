import cluster from 'node:cluster';
import { rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapters } from './adapters/index.js';
import { buildApp } from './app.js';
import { configurePasswordHashing } from './auth/passwords.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { pidFile, writePgliteBackup } from './db/backup.js';
import { openDatabase } from './db/client.js';
import { isEmpty, seedDemo } from './db/seed-demo.js';
import { describeError, serializeError } from './logging/index.js';
import { startBackgroundWork } from './wiring/background-work.js';
import { newLifecycle } from './wiring/health.js';

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
  const lifecycle = newLifecycle();
  const app = await buildApp({ db: database.db, readDb: database.readDb, config, adapters, lifecycle });
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
  /**
   * Graceful shutdown. SIGTERM (a deploy, an orchestrator): /readyz turns 503 at once and the jobs
   * stop being fetched; for SHUTDOWN_DELAY_MS every request is still served, so the load balancer
   * takes the instance out before its port closes; then the port closes (idle kept-alive connections
   * too), the requests in flight finish (up to SHUTDOWN_TIMEOUT_MS, then they are cut off) and so do
   * the jobs in flight (the same limit from the signal; one still running is failed and retried
   * elsewhere); then the pools close and the process exits 0. SIGINT (Ctrl-C) skips the delay. A
   * watchdog exits 1 if all that takes longer than delay + timeout + 5 s.
   */
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    lifecycle.shuttingDown = true;
    const delay = signal === 'SIGTERM' ? config.SHUTDOWN_DELAY_MS : 0;
    const timeout = config.SHUTDOWN_TIMEOUT_MS;
    setTimeout(
      () => {
        console.error(`Shutdown took longer than ${delay + timeout + 5_000} ms; exiting.`);
        process.exit(1);
      },
      delay + timeout + 5_000,
    ).unref();
    app.log.warn(`${signal}: shutting down (not ready; closing the port in ${delay} ms).`);
    try {
      const jobs = background.stop({ timeoutMs: timeout });
      await sleep(delay);
      const closed = app.close();
      const cutOff = setTimeout(() => app.server.closeAllConnections(), timeout);
      await closed;
      clearTimeout(cutOff);
      await jobs;
      await database.close();
      if (database.pglite) rmSync(pidFile(config.DATA_DIR), { force: true });
    } catch (err) {
      console.error(`Shutdown failed: ${describeError(err)}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // A promise some library left unawaited rejecting (a pool's query when the database restarts) is
  // logged; it does not end the process and every request in flight with it.
  process.on('unhandledRejection', (err) => {
    app.log.error({ err: serializeError(err) }, 'Unhandled rejection');
  });
  // The embedded database belongs to this process: `npm run backup` finds it by its pid file and asks
  // it for a consistent copy with SIGUSR2 (db/backup.ts; README "Operations").
  const pglite = database.pglite;
  if (pglite) {
    writeFileSync(pidFile(config.DATA_DIR), String(process.pid));
    let backingUp = false;
    process.on('SIGUSR2', async () => {
      if (backingUp || stopping) return;
      backingUp = true;
      try {
        app.log.warn(`Backup written: ${await writePgliteBackup(pglite, config.DATA_DIR)}`);
      } catch (err) {
        app.log.error({ err: serializeError(err) }, 'The backup failed');
      } finally {
        backingUp = false;
      }
    });
  }
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
