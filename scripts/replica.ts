// A local PostgreSQL streaming replica of the server at 127.0.0.1:5432, for the read-replica tests
// (src/server/**/*.replica.test.ts, vitest project `replica`) and for trying DATABASE_READ_URL by hand:
//
//   npm run replica -- start    # (idempotent) prints the replica's base URL, postgres://postgres@127.0.0.1:5433
//   npm run replica -- status
//   npm run replica -- stop     # stops it and removes its data directory (not while a test run uses it)
//
// `start` lets the primary accept replication connections (pg_hba.conf, then pg_reload_conf()), copies
// it with pg_basebackup -R -X stream into a fresh directory, starts that copy as a hot standby on
// another port as the postgres user (PostgreSQL refuses to run as root), and waits until it accepts
// connections, is in recovery and streams from the primary. A replica already running there and
// streaming from this primary is reused. Needs the Debian PostgreSQL packages (pg_basebackup, pg_ctl)
// and trust authentication on 127.0.0.1, as CI's server has; see docs/read-replica.md.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

export type ReplicaOptions = {
  /** The primary, as a superuser with trust authentication (default postgres@127.0.0.1:5432). */
  primaryUrl?: string;
  /** The replica's data directory (default /tmp/storefront-replica). */
  dir?: string;
  port?: number;
};

const DEFAULTS = {
  primaryUrl: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  dir: process.env.REPLICA_DIR ?? '/tmp/storefront-replica',
  port: Number(process.env.REPLICA_PORT ?? 5433),
};

/** pg_ctl and postgres: on the PATH, else Debian's versioned directory for the primary's version. */
function binDir(major: string): string {
  const debian = `/usr/lib/postgresql/${major}/bin`;
  return existsSync(path.join(debian, 'pg_ctl')) ? debian : '';
}

const bin = (dir: string, name: string) => (dir ? path.join(dir, name) : name);

/** Runs a PostgreSQL program as the postgres user when we are root (it refuses to run as root). */
function runAsPostgres(file: string, args: string[], opts: { timeout?: number } = {}): string {
  const root = process.getuid?.() === 0;
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

function chownToPostgres(target: string) {
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', target]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function urlOn(base: string, port: number, database = 'postgres'): string {
  const url = new URL(base);
  url.port = String(port);
  url.pathname = `/${database}`;
  return url.toString();
}

async function query<T extends Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  try {
    return (await sql.unsafe(text)) as unknown as T[];
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** The replication lines pg_hba.conf needs for pg_basebackup and the standby's WAL receiver. */
const HBA_LINES = [
  'local   replication     all                     trust',
  'host    replication     all             127.0.0.1/32            trust',
];

/** Adds the replication lines to the primary's pg_hba.conf when missing, and reloads it. */
async function allowReplication(primaryUrl: string): Promise<void> {
  const [row] = await query<{ hba_file: string }>(primaryUrl, 'show hba_file');
  const hba = row!.hba_file;
  const text = readFileSync(hba, 'utf8');
  const has = (kind: string) =>
    text.split('\n').some((l) => {
      const f = l.trim().split(/\s+/);
      return f[0] === kind && f[1] === 'replication' && (kind === 'local' || f[3] === '127.0.0.1/32');
    });
  const missing = HBA_LINES.filter((line) => !has(line.split(/\s+/)[0]!));
  if (missing.length === 0) return;
  writeFileSync(
    hba,
    `${text.replace(/\n?$/, '\n')}# storefront read-replica tests (scripts/replica.ts)\n${missing.join('\n')}\n`,
  );
  await query(primaryUrl, 'select pg_reload_conf()');
  // The postmaster reads the file on SIGHUP, asynchronously.
  await sleep(300);
}

type Probe = { recovery: boolean; streaming: boolean; system: string };

/** What the server on `url` is, or null when it does not answer. */
async function probe(url: string): Promise<Probe | null> {
  try {
    const [row] = await query<{ recovery: boolean; streaming: boolean; system: string }>(
      url,
      `select pg_is_in_recovery() as recovery,
              exists (select 1 from pg_stat_wal_receiver where status = 'streaming') as streaming,
              (select system_identifier::text from pg_control_system()) as system`,
    );
    return row ?? null;
  } catch {
    return null;
  }
}

async function primarySystem(primaryUrl: string): Promise<{ system: string; major: string }> {
  const [row] = await query<{ system: string; major: string }>(
    primaryUrl,
    `select (select system_identifier::text from pg_control_system()) as system,
            current_setting('server_version_num')::int / 10000 || '' as major`,
  );
  return row!;
}

/** Serialises start and stop between processes (two test runs at once share one replica). */
async function withLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${dir}.lock`;
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      const holder = Number(readFileSafe(path.join(lock, 'pid')));
      if (holder && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (i > 1200) throw new Error(`${lock} is held by process ${holder}; remove it if that is stale.`);
      else await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes using the replica (test runs); the last one to leave stops it. */
const usersDir = (dir: string) => `${dir}.users`;

function liveUsers(dir: string): number[] {
  if (!existsSync(usersDir(dir))) return [];
  return readdirSync(usersDir(dir))
    .map(Number)
    .filter((pid) => {
      if (alive(pid)) return true;
      rmSync(path.join(usersDir(dir), String(pid)), { force: true });
      return false;
    });
}

/**
 * Starts the replica (or reuses the one running) and waits until it streams from the primary. Returns
 * its URL (database postgres) and whether this call started it. With `user`, the calling process is
 * counted among its users until `stopReplica({ user: true })`.
 */
export async function startReplica(
  options: ReplicaOptions & { user?: boolean } = {},
): Promise<{ url: string; started: boolean; ms: number }> {
  const t0 = Date.now();
  const { primaryUrl, dir, port } = { ...DEFAULTS, ...options };
  const url = urlOn(primaryUrl, port);
  return withLock(dir, async () => {
    const primary = await primarySystem(primaryUrl);
    const running = await probe(url);
    let started = false;
    if (!(running?.recovery && running.streaming && running.system === primary.system)) {
      // A replica of this primary that is not streaming (its WAL receiver lost the primary, or the WAL it
      // needs is gone) is copied afresh below; anything else on the port is not ours to replace.
      if (running && !(running.recovery && running.system === primary.system)) {
        throw new Error(
          `Port ${port} has a PostgreSQL server that is not a streaming replica of ${primaryUrl}; ` +
            'stop it or set REPLICA_PORT.',
        );
      }
      await allowReplication(primaryUrl);
      const pgBin = binDir(primary.major);
      removeDataDir(dir, pgBin);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chownToPostgres(dir);
      const source = new URL(primaryUrl);
      runAsPostgres(
        'pg_basebackup',
        [
          ...['-h', source.hostname, '-p', source.port || '5432', '-U', decodeURIComponent(source.username)],
          ...['-D', dir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
        ],
        { timeout: 120_000 },
      );
      // Debian keeps the primary's configuration in /etc, so the copy has none of its own: the standby's.
      writeFileSync(
        path.join(dir, 'postgresql.conf'),
        [
          `port = ${port}`,
          `listen_addresses = '127.0.0.1'`,
          `unix_socket_directories = ''`,
          'hot_standby = on',
          'max_connections = 100',
          'shared_buffers = 32MB',
          // A test replica: losing it on a crash costs a new base backup, nothing else.
          'fsync = off',
          'autovacuum = off',
          `hba_file = '${path.join(dir, 'pg_hba.conf')}'`,
          `ident_file = '${path.join(dir, 'pg_ident.conf')}'`,
          '',
        ].join('\n'),
      );
      writeFileSync(path.join(dir, 'pg_hba.conf'), 'host all all 127.0.0.1/32 trust\n');
      writeFileSync(path.join(dir, 'pg_ident.conf'), '');
      chownToPostgres(dir);
      runAsPostgres(
        bin(pgBin, 'pg_ctl'),
        ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start'],
        {
          timeout: 90_000,
        },
      );
      started = true;
      for (let i = 0; ; i++) {
        const now = await probe(url);
        if (now?.recovery && now.streaming) break;
        if (i > 300) {
          throw new Error(
            `The replica on port ${port} did not start streaming (see ${path.join(dir, 'server.log')}).`,
          );
        }
        await sleep(100);
      }
    }
    if (options.user) {
      mkdirSync(usersDir(dir), { recursive: true });
      writeFileSync(path.join(usersDir(dir), String(process.pid)), '');
    }
    return { url, started, ms: Date.now() - t0 };
  });
}

/** Stops the server in `dir` (if one runs) and removes the directory. */
function removeDataDir(dir: string, pgBin: string) {
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    try {
      runAsPostgres(bin(pgBin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', '-t', '30', 'stop'], {
        timeout: 60_000,
      });
    } catch {
      // Not running after all (a stale postmaster.pid).
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Stops the replica and removes its data directory. With `user`, only this process stops using it,
 * and the replica is stopped when no other process still uses it.
 */
export async function stopReplica(options: ReplicaOptions & { user?: boolean } = {}): Promise<boolean> {
  const { primaryUrl, dir } = { ...DEFAULTS, ...options };
  return withLock(dir, async () => {
    if (options.user) {
      rmSync(path.join(usersDir(dir), String(process.pid)), { force: true });
      if (liveUsers(dir).length > 0) return false;
    }
    let major = '';
    try {
      major = (await primarySystem(primaryUrl)).major;
    } catch {
      major = readFileSafe(path.join(dir, 'PG_VERSION')).trim();
    }
    removeDataDir(dir, binDir(major));
    rmSync(usersDir(dir), { recursive: true, force: true });
    return true;
  });
}

async function main(command: string | undefined): Promise<number> {
  if (command === 'start') {
    const { url, started, ms } = await startReplica();
    console.log(`${started ? 'Started' : 'Reusing'} the replica at ${url} (${ms} ms).`);
    return 0;
  }
  if (command === 'stop') {
    const users = liveUsers(DEFAULTS.dir);
    if (users.length > 0 && process.argv[3] !== '--force') {
      console.error(
        `Test runs use the replica (processes ${users.join(', ')}); stop -- --force stops it anyway.`,
      );
      return 1;
    }
    await stopReplica();
    console.log('Stopped the replica and removed its data directory.');
    return 0;
  }
  if (command === 'status') {
    const p = await probe(urlOn(DEFAULTS.primaryUrl, DEFAULTS.port));
    console.log(p ? JSON.stringify(p) : `No server on port ${DEFAULTS.port}.`);
    return p?.recovery && p.streaming ? 0 : 1;
  }
  console.error('Usage: npm run replica -- start|stop|status');
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv[2]).then(
    (code) => process.exit(code),
    (err) => {
      console.error((err as Error).message);
      process.exit(1);
    },
  );
}
