import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/storefront-e2e-${process.pid}`;
/**
 * The field journey (e2e/evaluator-offline.spec.ts) runs against a second server whose geocoder is
 * Google's adapter talking to a local stand-in the spec starts (e2e/geocoder-stand-in.ts), so its
 * locations have map coordinates and QA sees a check-in distance. Every other journey keeps the
 * built-in offline geocoder, which gives none.
 */
const FIELD_PORT = PORT + 1;
export const GEOCODER_PORT = PORT + 2;
/** Where e2e/servers.ts answers once both servers answer /healthz. */
const READY_PORT = PORT + 3;
const FIELD_JOURNEYS = /evaluator-offline\.spec\.ts$/;

/**
 * End-to-end journeys in Debian's Chromium against the real server on a fresh embedded database
 * with the demo seed. Brand hosts map to 127.0.0.1 so custom domains and subdomains are real visits.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two journeys at a time against the one server (E2E_WORKERS to change): each journey makes its own
  // data, so none reads another's (docs/testing.md). On 2 cores: 13.4 min, against 15.6 with one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  // The browser, the server and the axe scans share two cores: a page may take longer than 5 s to show.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // As a visitor who asks for less motion: nothing fades, so axe never reads a half-faded modal.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records every action's DOM and a screencast, for every journey, to keep only a failure's:
    // ~18 % of the runner's and browser's CPU on three journeys (14.6 s against 17.9 s, 3-4 runs each;
    // docs/testing.md). CI keeps the failure's screenshot and error; E2E_TRACE=retain-on-failure (or
    // a local run, where it stays on) records traces again.
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'retain-on-failure')) as
      | 'off'
      | 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP visits.primroseschools.test 127.0.0.1, MAP order.mysteryshopmarket.test 127.0.0.1',
      ],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: FIELD_JOURNEYS },
    { name: 'field', testMatch: FIELD_JOURNEYS, use: { baseURL: `http://localhost:${FIELD_PORT}` } },
  ],
  // Both servers start at once (e2e/servers.ts): Playwright would start a list of servers one after
  // the other, each start ~10 s of one core. The launcher answers on READY_PORT once both answer.
  webServer: {
    command: 'tsx e2e/servers.ts',
    url: `http://127.0.0.1:${READY_PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      READY_PORT: String(READY_PORT),
      E2E_SERVERS: JSON.stringify([
        server(PORT, DATA_DIR),
        server(FIELD_PORT, `${DATA_DIR}-field`, {
          GOOGLE_MAPS_KEY: 'e2e-stand-in-key',
          GOOGLE_MAPS_API_BASE: `http://127.0.0.1:${GEOCODER_PORT}`,
        }),
      ]),
    },
  },
});

/** The app on a fresh embedded database (DATA_DIR, emptied first) with the demo seed, on `port`. */
function server(port: number, dataDir: string, more: Record<string, string> = {}) {
  return {
    port,
    dataDir,
    // The daily billing and visit scheduling runs stay off, so the journeys see the demo data as seeded
    // whatever the time of day (src/server/jobs has their tests).
    env: {
      // Links and images of e-mails sent outside a request (digests, scheduled runs) point here.
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // A low password work factor (scrypt N=2^10; production refuses it) keeps the many logins fast.
      PASSWORD_HASH_COST: '10',
      // The journeys sign up many accounts from one address; the limits have their integration tests.
      RATE_LIMITS: 'off',
      BILLING_RUN_AT: 'off',
      VISIT_SCHEDULING_AT: 'off',
      DIGEST_AT: 'off',
      ACTION_PLAN_REMINDERS_AT: 'off',
      REPORT_EMAILS_AT: 'off',
      AUDIT_PRUNE_AT: 'off',
      BENCHMARK_ROLLUP_AT: 'off',
      VISIT_DEADLINES_AT: 'off',
      VISIT_OFFERS_AT: 'off',
      // The shopboard journey runs the deadline job with its moved clock (src/server/e2e-hooks.ts).
      E2E_TEST_HOOKS: '1',
      // The webhooks journey's local receiver (e2e/webhooks.spec.ts), and a port nobody listens at (the
      // phone journey's failing endpoint): allowed although local, over http. They differ, as the two
      // journeys run at once: an event sent to the receiver's port would reach the other journey.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:4555,localhost:4555,127.0.0.1:4556',
      ...more,
    },
  };
}
