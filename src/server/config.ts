import { z } from 'zod';
import { OWASP_SCRYPT_COST } from './auth/passwords.js';

/** A time of day, HH:MM in UTC (00:00 to 23:59), or `off`. */
const dailyTime = z
  .string()
  .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day as HH:MM (UTC, 00:00 to 23:59) or off');

/**
 * The one place that reads process.env. Parsed once with zod at start-up; a bad value stops the
 * start with a message naming the variable.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * A PostgreSQL streaming replica of DATABASE_URL's database: reporting reads and exports go there
   * (docs/read-replica.md); writes and reads that must see them stay on DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Seed demo data into a DATABASE_URL database too (always seeded into an empty embedded one). */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** The domain brand subdomains hang off: {subdomain}.{BASE_DOMAIN}. */
  BASE_DOMAIN: z.string().default('localhost'),
  /** Public URL of the app, used in e-mailed links when the request's own origin is unknown. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** Secret for signed upload URLs, export tokens and the reporting signature. */
  APP_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Customer Optix <no-reply@customer-optix.test>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  GOOGLE_MAPS_KEY: z.string().optional(),
  GOOGLE_MAPS_API_BASE: z.string().url().optional(),
  /** Uploads go to this bucket (presigned PUTs) instead of DATA_DIR/uploads; needs the two S3 keys. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible endpoint such as MinIO (addressed path-style); AWS when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Where uploaded files are read from (CDN or public bucket URL); the bucket's own URL when unset. */
  S3_PUBLIC_URL: z.string().url().optional(),
  REPORTING_API_URL: z.string().url().optional(),
  /** Trust X-Forwarded-* headers (set when running behind a load balancer or reverse proxy). */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /**
   * The password hashes' work factor: scrypt's N = 2^PASSWORD_HASH_COST (r=8, p=1). 17 is OWASP's
   * recommendation and production's minimum; the tests set a low one to stay fast.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(1).max(20).default(OWASP_SCRYPT_COST),
  /**
   * The request limits (domain/rate-limits.ts: password-reset e-mails, sign-ups, invitation resends,
   * upload signing): `off` only for the end-to-end journeys, which sign up many accounts from one
   * address; production refuses `off`. The login throttle is always on.
   */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Platform admins must use two-factor sign-in (issue 50): `required` refuses them admin work until it
   * is set up. The default is `required` in production (which refuses `optional`) and `optional`
   * elsewhere, so the demo admin of `npm start` and the test suite's admins work as before.
   */
  ADMIN_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  /** When the daily billing run is queued (HH:MM, UTC), or `off` (run `npm run billing` yourself). */
  BILLING_RUN_AT: dailyTime.default('06:00'),
  /** When the daily visit scheduling is queued (HH:MM, UTC), or `off` (run `npm run schedule-visits`). */
  VISIT_SCHEDULING_AT: dailyTime.default('05:00'),
  /** When the daily digest goes out (HH:MM, UTC), or `off` (run `npm run digest`). */
  DIGEST_AT: dailyTime.default('07:00'),
  /** When action plans due tomorrow and overdue are told (HH:MM, UTC), or `off` (run `npm run action-plan-reminders`). */
  ACTION_PLAN_REMINDERS_AT: dailyTime.default('08:00'),
  /** When the scheduled report e-mails of the day are queued (HH:MM, UTC), or `off`. */
  REPORT_EMAILS_AT: dailyTime.default('06:30'),
  /** When audit entries older than 400 days are deleted (HH:MM, UTC), or `off` (the log then only grows). */
  AUDIT_PRUNE_AT: dailyTime.default('03:30'),
  /** When the nightly benchmark rollup is queued (HH:MM, UTC), or `off` (run `npm run benchmark-rollup`). */
  BENCHMARK_ROLLUP_AT: dailyTime.default('02:30'),
  /** When visits not submitted by their deadline go back to the board (HH:MM, UTC), or `off` (issue 47). */
  VISIT_DEADLINES_AT: dailyTime.default('00:15'),
  /** The daily offers run (HH:MM, UTC), or `off`; openings also queue a run within 10 minutes (issue 47). */
  VISIT_OFFERS_AT: dailyTime.default('14:00'),
  /**
   * A JSON file of more trusted documents ("sha256:<hash>" → text, the format of the web app's list) that
   * clients may send by id: an operator's own integrations, the order-flow benchmark.
   */
  TRUSTED_DOCUMENTS: z.string().optional(),
  /**
   * host:port pairs (comma-separated) that webhooks may be sent to although local or private, over
   * http too: a local receiver and the tests (e.g. 127.0.0.1:4555,localhost:4555). Empty in production.
   */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  /** Visit proof: a check-in farther than this (metres) from the location is flagged for QA. */
  VISIT_MAX_DISTANCE_M: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Visit proof: a visit shorter than this (minutes, check-in to check-out) is flagged for QA. */
  VISIT_MIN_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  /**
   * Graceful shutdown (SIGTERM; README "Operations"): for this long /readyz answers 503 while requests
   * are still served, so a load balancer stops sending new ones before the port closes.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * Graceful shutdown: the most the requests and jobs in flight get to finish once the port is closed
   * (jobs from the signal on). A request still running then is cut off; a job still running is
   * failed, to be retried by another instance. The process exits within delay + timeout + 5 s.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(20_000),
  /**
   * The end-to-end journeys' hooks (src/server/e2e-hooks.ts: run the deadline job with a moved clock):
   * `1` only in playwright.config.ts; refused in production.
   */
  E2E_TEST_HOOKS: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** A configured service must be configured completely; checked at start-up like the rest. */
const ZConfig = ZEnv.superRefine((c, ctx) => {
  const need = (name: keyof typeof c, when: string) => {
    if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${when} is set` });
  };
  if (c.DATABASE_READ_URL && !c.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_READ_URL'],
      message: 'needs DATABASE_URL (a replica of the PostgreSQL database; the embedded one has none)',
    });
  }
  if (c.S3_BUCKET) {
    need('S3_ACCESS_KEY_ID', 'S3_BUCKET');
    need('S3_SECRET_ACCESS_KEY', 'S3_BUCKET');
  }
  if (c.STRIPE_SECRET_KEY) {
    need('STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY');
    // The publishable key is sent to browsers: a swapped pair would publish the secret key.
    if (!/^(sk|rk)_/.test(c.STRIPE_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'must be a secret key (sk_... or rk_...)',
      });
    }
  }
  if (c.NODE_ENV === 'production' && c.PASSWORD_HASH_COST < OWASP_SCRYPT_COST) {
    ctx.addIssue({
      code: 'custom',
      path: ['PASSWORD_HASH_COST'],
      message: `must be at least ${OWASP_SCRYPT_COST} in production (scrypt N=2^${OWASP_SCRYPT_COST}, OWASP's recommendation); a lower work factor is for tests only`,
    });
  }
  if (c.NODE_ENV === 'production' && c.E2E_TEST_HOOKS === '1') {
    ctx.addIssue({ code: 'custom', path: ['E2E_TEST_HOOKS'], message: 'must be off in production' });
  }
  if (c.NODE_ENV === 'production' && c.RATE_LIMITS === 'off') {
    ctx.addIssue({ code: 'custom', path: ['RATE_LIMITS'], message: 'must be on in production' });
  }
  if (c.STRIPE_PUBLISHABLE_KEY && !c.STRIPE_PUBLISHABLE_KEY.startsWith('pk_')) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: 'must be a publishable key (pk_...)',
    });
  }
});

export type Config = z.infer<typeof ZEnv> & {
  appSecret: string;
  production: boolean;
  /** ADMIN_TWO_FACTOR, defaulted: whether platform admins must have a second factor. */
  adminTwoFactorRequired: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  if (production && !c.APP_SECRET) {
    throw new ConfigError('Invalid environment configuration:\n  APP_SECRET: required in production');
  }
  if (production && c.ADMIN_TWO_FACTOR === 'optional') {
    throw new ConfigError(
      'Invalid environment configuration:\n  ADMIN_TWO_FACTOR: platform admins must use two-factor sign-in in production',
    );
  }
  const adminTwoFactorRequired =
    (c.ADMIN_TWO_FACTOR ?? (production ? 'required' : 'optional')) === 'required';
  // Development default: stable so signed links survive a restart; never used in production.
  return {
    ...c,
    production,
    adminTwoFactorRequired,
    appSecret: c.APP_SECRET ?? 'dev-only-secret-do-not-use-in-production',
  };
}
