import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import type { Db } from './db/client.js';
import { E2E_RELEASE_PATH, registerE2eHooks } from './e2e-hooks.js';

// The journeys' test hook (run the deadline job with a moved clock) exists only with E2E_TEST_HOOKS=1
// outside production; production refuses the flag at start-up.

const production = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' };
const noDb = {} as Db;

async function statusOf(env: Record<string, string>) {
  const app = Fastify();
  await registerE2eHooks(app, { db: noDb, config: loadConfig(env) });
  const res = await app.inject({ method: 'POST', url: E2E_RELEASE_PATH, payload: {} });
  await app.close();
  return res.statusCode;
}

describe('the journeys’ test hooks', () => {
  it('are refused in production', () => {
    expect(() => loadConfig({ ...production, E2E_TEST_HOOKS: '1' })).toThrow(
      /E2E_TEST_HOOKS: must be off in production/,
    );
  });

  it('are not there without the flag, and check their input with it', async () => {
    expect(await statusOf({ NODE_ENV: 'development' })).toBe(404);
    expect(await statusOf({ NODE_ENV: 'development', E2E_TEST_HOOKS: '0' })).toBe(404);
    expect(await statusOf({ NODE_ENV: 'development', E2E_TEST_HOOKS: '1' })).toBe(400);
  });
});
