/**
 * Starts `src/server/main.ts` as `npm start` runs it (NODE_ENV=production, the start script's Node flags)
 * on the embedded database in a fresh temp DATA_DIR, with the daily runs off, and serves the existing
 * build in dist/web: the benchmarks that use it build nothing themselves.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ProductionServer = { origin: string; stop: () => Promise<void> };

export async function startProductionServer(opts: { port?: number } = {}): Promise<ProductionServer> {
  if (!existsSync(path.join(APP_DIR, 'dist/web/index.html'))) {
    throw new Error('dist/web is not built: run `npm run build` first.');
  }
  const port = opts.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
  // The embedded database: a DATABASE_URL in the caller's environment is not passed on.
  const { DATABASE_URL: _unused, ...callerEnv } = process.env;
  const server: ChildProcess = spawn(
    process.execPath,
    [...startScriptNodeFlags(), '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: APP_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...callerEnv,
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(24).toString('hex'),
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        BILLING_RUN_AT: 'off',
        VISIT_SCHEDULING_AT: 'off',
        DIGEST_AT: 'off',
        WEB_CONCURRENCY: '1',
      },
    },
  );
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`The server exited with ${code}.`))),
  );
  exited.catch(() => {});
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([gone, sleep(10_000).then(() => server.kill('SIGKILL'))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.race([waitUntilUp(origin), exited]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}

/** Logs in through the GraphQL API and returns the session token (the `sid` cookie's value). */
export async function loginToken(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
      variables: { email, password },
    }),
  });
  const body = (await res.json()) as { data?: { login?: { token?: string } }; errors?: unknown };
  const token = body.data?.login?.token;
  if (!token) throw new Error(`Login as ${email} failed: ${JSON.stringify(body.errors)}`);
  return token;
}

/** The Node flags that `npm start` gives the server (package.json's start script). */
export function startScriptNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(APP_DIR, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts.start?.match(/--[a-z-]+=\S+/g) ?? [];
}

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

/** Resolves once the server answers /healthz (it seeds the demo data first: up to 120 s). */
export async function waitUntilUp(origin: string) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('The server did not come up within 120 s.');
}

/** CPU time (user + system, ms) of each process, or of its main thread only, from /proc. */
export function cpuOf(pids: number[], opts: { mainThread?: boolean } = {}): Map<number, number> {
  const tick = 10; // ms per clock tick (USER_HZ = 100 on Linux)
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(
        opts.mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`,
        'utf8',
      );
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * tick);
    } catch {
      // gone
    }
  }
  return out;
}
