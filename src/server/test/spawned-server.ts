import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/client.js';

/**
 * The real server (`src/server/main.ts`) in a child process, as `npm start` runs it, for the tests of
 * what only a process shows: signals, exit codes, a restart on the same database. The database is the
 * test's own (PostgreSQL: the harness's database; PGlite: a data directory made from the harness's
 * in-memory database by `pgliteDataDir`), so the child neither migrates from scratch nor seeds.
 */

export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type SpawnedServer = {
  origin: string;
  child: ChildProcess;
  /** Resolves when the process has exited: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process wrote to stderr so far (for failure messages). */
  stderr: () => string;
  /** SIGKILL if still running (a test's cleanup). */
  kill: () => Promise<void>;
};

/** A free TCP port on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The environment that points a child server at the test's database: DATABASE_URL on PostgreSQL, or
 * DATA_DIR with a copy of the in-memory PGlite database (its rows as they are now) written into it.
 */
export async function childDatabaseEnv(database: Database, dataDir: string): Promise<Record<string, string>> {
  if (database.kind === 'postgres') return { DATABASE_URL: database.url!, DATA_DIR: dataDir };
  await pgliteDataDir(await database.pglite!.dumpDataDir('none'), dataDir);
  return { DATABASE_URL: '', DATA_DIR: dataDir };
}

/**
 * Writes a PGlite data-directory dump (dumpDataDir: an uncompressed tar of the data directory) into
 * DATA_DIR, as the app opens it (DATA_DIR/pglite). The tar is unpacked by `tar` rather than by a PGlite
 * instance started on the directory with `loadDataDir`: the same files, without booting a database
 * whose only work is to write them through its emulated file system (~1.5 s of CPU and ~5 s on a busy
 * machine, once per child server). The app opening the directory is the check that they are whole.
 */
export async function pgliteDataDir(dump: Blob, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const bytes = Buffer.from(await dump.arrayBuffer());
  await new Promise<void>((resolve, reject) => {
    // The members' names start with '/': GNU tar strips it (and says so on stderr).
    const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    tar.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
    });
    tar.once('error', reject);
    tar.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`tar -x into ${dir} exited ${code}: ${err}`)),
    );
    tar.stdin!.end(bytes);
  });
}

/** Starts main.ts with `env` on a free port; resolves once /healthz answers. */
export async function spawnServer(env: Record<string, string>, appDir = APP_DIR): Promise<SpawnedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: appDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: withoutEmpty({
      ...process.env,
      NODE_ENV: 'test',
      APP_SECRET: 'spawned-server-test-secret-0123456789',
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BILLING_RUN_AT: 'off',
      VISIT_SCHEDULING_AT: 'off',
      DIGEST_AT: 'off',
      ACTION_PLAN_REMINDERS_AT: 'off',
      WEB_CONCURRENCY: '1',
      SEED_DEMO: '0',
      ...env,
    }),
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) at start:\n${err}`);
    if (Date.now() > until) {
      await kill();
      throw new Error(`The server did not answer /healthz within 120 s:\n${err}`);
    }
    const status = await get(`${origin}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    await sleep(100);
  }
  return { origin, child, exited, stderr: () => err, kill };
}

/** Runs one of scripts/ (`npm run backup` and the like) with `env`: its exit code and output. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: APP_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: withoutEmpty({ ...process.env, ...env }),
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr!.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The environment without the variables set to '' (DATABASE_URL: '' = the embedded database). */
function withoutEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

/** A GET on a connection of its own (no keep-alive): status and parsed JSON body. */
export function get(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
  });
}

/**
 * A GraphQL client for a spawned server over kept-alive connections (as a browser or a load balancer
 * keeps them): `call` throws on a transport error or a GraphQL error.
 */
export function graphqlClient(origin: string, opts: { sockets?: number } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.sockets ?? 16 });
  // biome-ignore lint/suspicious/noExplicitAny: tests read responses loosely and assert the shape.
  const call = (query: string, variables: Record<string, unknown> = {}, token?: string): Promise<any> => {
    const payload = JSON.stringify({ query, variables });
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${origin}/api`,
        {
          method: 'POST',
          agent,
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
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              const body = JSON.parse(text) as { data?: unknown; errors?: { message: string }[] };
              if (body.errors?.length) reject(new Error(body.errors.map((e) => e.message).join('; ')));
              else resolve(body.data);
            } catch {
              reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  return { call, close: () => agent.destroy() };
}
