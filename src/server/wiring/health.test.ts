import { expect, it } from 'vitest';
import { setupTestApp } from '../test/harness.js';
import { newestMigration, newLifecycle, readiness } from './health.js';

const t = setupTestApp();

it('/healthz is liveness only; /readyz checks the database, the migrations and the shutdown', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
  const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(200);
  expect(ready.headers['cache-control']).toBe('no-store');
  expect(ready.json()).toEqual({ ok: true, database: 'ok', migrations: 'ok', shuttingDown: false });

  const lifecycle = newLifecycle();
  const app = await t.buildApp({ lifecycle });
  lifecycle.shuttingDown = true;
  const draining = await app.inject({ method: 'GET', url: '/readyz' });
  expect(draining.statusCode).toBe(503);
  expect(draining.json()).toMatchObject({ ok: false, database: 'ok', shuttingDown: true });
});

it('is not ready on a schema older than this build, and is on a newer one (expand/contract)', async () => {
  const newest = newestMigration();
  const lifecycle = newLifecycle();
  expect(await readiness(t.db, lifecycle, newest + 1)).toMatchObject({
    ready: false,
    checks: { migrations: 'pending' },
  });
  expect(await readiness(t.db, lifecycle, newest - 1)).toMatchObject({ ready: true });
});
