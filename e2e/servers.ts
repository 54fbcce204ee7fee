/**
 * Starts the journeys' servers (playwright.config.ts: the main one and the field journey's) at the same
 * time, each as `tsx e2e/server.ts` on its own fresh data directory, and answers on READY_PORT once every
 * one of them answers /healthz. Playwright starts the servers of a `webServer` list one after the other;
 * a start is ~10 s of one core (importing the app, the demo seed), so on two cores starting both at once
 * saves most of one start. Playwright ends this process's group after the run, and the servers with it.
 * If a server exits, this exits too, with its code, so the run fails at once instead of at the timeout.
 */

import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

type ServerSpec = { port: number; dataDir: string; env: Record<string, string> };

const specs = JSON.parse(process.env.E2E_SERVERS ?? '[]') as ServerSpec[];
const readyPort = Number(process.env.READY_PORT);
if (specs.length === 0 || !readyPort) throw new Error('E2E_SERVERS and READY_PORT must be set');

const healthy = (port: number) =>
  new Promise<boolean>((resolve) => {
    http
      .get(`http://127.0.0.1:${port}/healthz`, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });

for (const spec of specs) {
  rmSync(spec.dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ...spec.env, PORT: String(spec.port), DATA_DIR: spec.dataDir },
  });
  child.once('exit', (code, signal) => {
    console.error(`The journeys' server on port ${spec.port} exited (${signal ?? code}).`);
    process.exit(code || 1);
  });
}

const waiting = new Set(specs.map((s) => s.port));
while (waiting.size > 0) {
  for (const port of [...waiting]) if (await healthy(port)) waiting.delete(port);
  if (waiting.size > 0) await sleep(200);
}
http.createServer((_req, res) => res.end('ready')).listen(readyPort, '127.0.0.1');
