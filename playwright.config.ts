import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/storefront-e2e-${process.pid}`;

/**
 * End-to-end journeys in Debian's Chromium against the real server on a fresh embedded database
 * with the demo seed. Brand hosts map to 127.0.0.1 so custom domains and subdomains are real visits.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // As a visitor who asks for less motion: nothing fades, so axe never reads a half-faded modal.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  webServer: {
    command: `rm -rf ${DATA_DIR} && tsx src/server/main.ts`,
    url: `http://localhost:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The daily billing and visit scheduling runs stay off, so the journeys see the demo data as seeded
    // whatever the time of day (src/server/jobs has their tests).
    env: {
      PORT: String(PORT),
      // Links and images of e-mails sent outside a request (digests, scheduled runs) point here.
      PUBLIC_URL: `http://localhost:${PORT}`,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      BILLING_RUN_AT: 'off',
      VISIT_SCHEDULING_AT: 'off',
      DIGEST_AT: 'off',
      ACTION_PLAN_REMINDERS_AT: 'off',
      // The webhooks journey's local receiver (e2e/webhooks.spec.ts): allowed although local, over http.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:4555,localhost:4555',
    },
  },
});
