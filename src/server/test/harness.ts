import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { GraphQLFormattedError } from 'graphql';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import type { DomainEventType } from '../../domain/index.js';
import { type Adapters, createAdapters } from '../adapters/index.js';
import { buildApp } from '../app.js';
import { setPasswordHashCost } from '../auth/passwords.js';
import { brandsChanged } from '../brands/resolve-brand.js';
import { catalogueChanged } from '../catalogue/published-industries.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, type Db, openDatabase } from '../db/client.js';
import { eventsOfType, relayEvent } from '../events/index.js';
import { createJobQueue, JOB_QUEUE_SCHEMA, type JobQueue } from '../jobs/index.js';
import { registerJobs } from '../wiring/background-work.js';
import type { Lifecycle } from '../wiring/health.js';
import { subscribersOf } from '../wiring/subscribers.js';
import { ensurePostgresTemplate, openMigratedPglite, POSTGRES_ADMIN_URL } from './db-template.js';

export * from '../db/factories.js';
export { openMigratedPglite, POSTGRES_ADMIN_URL } from './db-template.js';

/**
 * Integration-test harness. One fresh database per test file (PGlite in memory, or a throw-away
 * PostgreSQL database created on the server at 127.0.0.1:5432 and dropped afterwards), one app per
 * file, and `resetDb()` (TRUNCATE ... CASCADE) between tests.
 */

export const TEST_DB: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export type GqlOptions = {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** A Cookie header string, or name/value pairs. */
  cookie?: string | Record<string, string>;
  host?: string;
  ip?: string;
  headers?: Record<string, string>;
};

export type CookieOut = {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  secure?: boolean;
};

// biome-ignore lint/suspicious/noExplicitAny: test results are read loosely; each test asserts the shape.
export type GqlResult<TData = any> = {
  status: number;
  data: TData | null | undefined;
  errors: (GraphQLFormattedError & { extensions?: Record<string, unknown> })[] | undefined;
  headers: LightMyRequestResponse['headers'];
  cookies: CookieOut[];
  /** The Set-Cookie of that name, if the response set one. */
  cookie: (name: string) => CookieOut | undefined;
};

export type TestEnv = Record<string, string | undefined>;

/**
 * The tests' password work factor, scrypt N=2^10 (about 1 ms a hash instead of 0.3 s): the same code
 * path, a cost production refuses (config.ts). An app built with a production config still hashes at
 * this factor, which is the process's (set at start from the harness's config).
 */
export const TEST_PASSWORD_HASH_COST = '10';

export class TestHarness {
  app!: FastifyInstance;
  db!: Db;
  config!: Config;
  adapters!: Adapters;
  dataDir!: string;
  database!: Database;
  private tables: string[] = [];
  private identities: { table_name: string; column_name: string; identity_start: string }[] = [];
  private extraApps: FastifyInstance[] = [];
  private queues = new Map<string, JobQueue>();
  private dropDatabase: (() => Promise<void>) | null = null;

  constructor(private readonly env: TestEnv = {}) {}

  async start(): Promise<void> {
    this.dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-test-'));
    const opened = await openTestDatabase();
    this.database = opened;
    this.dropDatabase = opened.drop;
    this.db = this.database.db;
    this.config = this.makeConfig();
    setPasswordHashCost(this.config.PASSWORD_HASH_COST);
    this.adapters = createAdapters(this.config);
    this.app = await buildApp({ db: this.db, config: this.config, adapters: this.adapters });
    await this.app.ready();
    const rows = await this.rows<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    if (rows.length === 0) throw new Error('The migrations created no tables.');
    // The job queue's jobs too (pg-boss's queues and version stay).
    this.tables = [
      ...rows.map((r) => `"${r.tablename}"`),
      `${JOB_QUEUE_SCHEMA}.job`,
      `${JOB_QUEUE_SCHEMA}.archive`,
    ];
    this.identities = await this.rows<{ table_name: string; column_name: string; identity_start: string }>(
      sql`select table_name, column_name, identity_start from information_schema.columns
          where table_schema = 'public' and is_identity = 'YES'`,
    );
  }

  async stop(): Promise<void> {
    for (const queue of this.queues.values()) await queue.stop();
    for (const app of this.extraApps) await app.close();
    await this.app?.close();
    await this.database?.close();
    await this.dropDatabase?.();
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  /** The test config; `env` overrides (and the harness's own env) are applied on top. */
  makeConfig(env: TestEnv = {}): Config {
    const merged = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: this.dataDir, ...this.env, ...env };
    // Production refuses the low work factor: a production config gets the default.
    const cost = merged.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST };
    return loadConfig({ ...cost, ...merged });
  }

  /**
   * A second app on the same database, e.g. with a production config; closed after the file. `readDb`:
   * where its reporting reads go (a read replica's pool; the primary when not given).
   */
  async buildApp(
    opts: {
      env?: TestEnv;
      adapters?: Partial<Adapters>;
      readDb?: Db;
      graphqlFastPath?: boolean;
      lifecycle?: Lifecycle;
    } = {},
  ): Promise<FastifyInstance> {
    const config = this.makeConfig(opts.env);
    const app = await buildApp({
      db: this.db,
      ...(opts.lifecycle ? { lifecycle: opts.lifecycle } : {}),
      ...(opts.graphqlFastPath === false ? { graphqlFastPath: false } : {}),
      ...(opts.readDb ? { readDb: opts.readDb } : {}),
      config,
      adapters: { ...createAdapters(config), ...opts.adapters },
    });
    await app.ready();
    this.extraApps.push(app);
    return app;
  }

  /**
   * A started job queue on this database with every job's handler, as the app with `env` runs them
   * (e-mail goes over SMTP when env has SMTP_URL). It does not poll: `drain` runs the jobs. Stopped
   * after the file.
   */
  async jobQueue(
    opts: { env?: TestEnv; adapters?: Partial<Adapters>; name?: string } = {},
  ): Promise<JobQueue> {
    const key = opts.name ?? JSON.stringify(opts.env ?? {});
    const known = this.queues.get(key);
    if (known) return known;
    const config = this.makeConfig(opts.env);
    const queue = createJobQueue(this.database, { poll: false });
    const quiet = () => {};
    await registerJobs(queue, {
      db: this.db,
      config,
      adapters: { ...createAdapters(config), ...opts.adapters },
      log: { info: quiet, warn: quiet, error: quiet },
    });
    await queue.start();
    this.queues.set(key, queue);
    return queue;
  }

  /**
   * Runs the jobs queued so far (e-mail deliveries, scheduled runs) as the app with `env` would;
   * returns how many ran. `retriesNow` first runs each job waiting for a retry once, without waiting
   * for its backoff to end.
   */
  async drainJobs(opts: { env?: TestEnv; retriesNow?: boolean } = {}): Promise<number> {
    const queue = await this.jobQueue({ env: opts.env });
    return queue.drain({ retriesNow: opts.retriesNow });
  }

  /**
   * Runs the event log's jobs only (relays and subscribers, src/server/events): the effects of the
   * events recorded so far are written (webhook deliveries, e-mails queued), nothing is delivered.
   */
  async relayEvents(opts: { env?: TestEnv } = {}): Promise<number> {
    const queue = await this.jobQueue({ env: opts.env });
    return queue.drain({ only: ['domain-event', 'event-subscriber'] });
  }

  /**
   * Relays every recorded event of `types` again, as a retried relay job would (each subscriber's job
   * queued once more), and runs those jobs: a subscriber's replay test sees its effect stay one.
   * Returns how many jobs ran.
   */
  async relayAgain(types: readonly DomainEventType[], opts: { env?: TestEnv } = {}): Promise<number> {
    const config = this.makeConfig(opts.env);
    const subscribers = subscribersOf({ config, adapters: createAdapters(config) });
    for (const type of types)
      for (const event of await eventsOfType(this.db, type)) await relayEvent(this.db, event.id, subscribers);
    return this.relayEvents(opts);
  }

  /**
   * Empties every table and restarts every identity (order numbers start again at 10001). Call in
   * beforeEach. Only tables holding rows are truncated (TRUNCATE ... CASCADE costs ~8 ms a table on
   * PostgreSQL, so truncating all ~25 every test would dominate the run); the identity sequences of
   * the others are reset with setval, so the result is the same as truncating everything.
   */
  async resetDb(): Promise<void> {
    const probe = this.tables
      .map((t) => `select '${t.replaceAll('"', '')}' as t where exists (select 1 from ${t})`)
      .join(' union all ');
    const nonEmpty = new Set((await this.rows<{ t: string }>(sql.raw(probe))).map((r) => r.t));
    if (nonEmpty.size > 0) {
      const list = this.tables.filter((t) => nonEmpty.has(t.replaceAll('"', ''))).join(', ');
      await this.db.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`));
    }
    if (this.identities.length > 0) {
      const resets = this.identities.map(
        (c) =>
          `setval(pg_get_serial_sequence('"${c.table_name}"', '${c.column_name}'), ${Number(c.identity_start)}, false)`,
      );
      await this.db.execute(sql.raw(`select ${resets.join(', ')}`));
    }
    brandsChanged();
    catalogueChanged();
  }

  /** Rows of a raw query, whichever driver runs it. */
  async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const res = (await this.db.execute(query)) as unknown;
    return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
  }

  /** POST /api on this harness's app (or on `app`). */
  // biome-ignore lint/suspicious/noExplicitAny: see GqlResult.
  async gql<TData = any>(
    query: string,
    variables: Record<string, unknown> = {},
    opts: GqlOptions & { app?: FastifyInstance } = {},
  ): Promise<GqlResult<TData>> {
    const res = await (opts.app ?? this.app).inject({
      method: 'POST',
      url: '/api',
      payload: { query, variables },
      ...requestOptions(opts),
    });
    const body = res.body
      ? (JSON.parse(res.body) as { data?: TData | null; errors?: GqlResult['errors'] })
      : {};
    const cookies = res.cookies as CookieOut[];
    return {
      status: res.statusCode,
      data: body.data,
      errors: body.errors,
      headers: res.headers,
      cookies,
      cookie: (name) => cookies.find((c) => c.name === name),
    };
  }

  /** Any other request, with the same token / cookie / host / ip options as gql. */
  inject(opts: InjectOptions & GqlOptions): Promise<LightMyRequestResponse> {
    const { token, cookie, host, ip, headers, ...rest } = opts;
    const extra = requestOptions({ token, cookie, host, ip, headers });
    return this.app.inject({ ...rest, ...extra } as InjectOptions);
  }

  /** Logs in through the API and returns the session token (fails the test if login fails). */
  async login(email: string, password: string, opts: GqlOptions = {}): Promise<string> {
    const res = await this.gql<{ login: { token: string } }>(
      'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
      { email, password },
      opts,
    );
    if (!res.data?.login) throw new Error(`Login of ${email} failed: ${JSON.stringify(res.errors)}`);
    return res.data.login.token;
  }
}

function requestOptions(opts: GqlOptions): { headers: Record<string, string>; remoteAddress?: string } {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.host) headers.host = opts.host;
  if (opts.cookie) {
    headers.cookie =
      typeof opts.cookie === 'string'
        ? opts.cookie
        : Object.entries(opts.cookie)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
            .join('; ');
  }
  return { headers, ...(opts.ip ? { remoteAddress: opts.ip } : {}) };
}

/**
 * A fresh, migrated database of the TEST_DB kind, copied from the run's migrated template
 * (db-template.ts); `drop` removes a PostgreSQL one.
 */
export async function openTestDatabase(): Promise<Database & { drop: (() => Promise<void>) | null }> {
  if (TEST_DB === 'pglite') return { ...(await openMigratedPglite()), drop: null };

  const template = await ensurePostgresTemplate(POSTGRES_ADMIN_URL).catch((err: Error) => {
    throw new Error(
      `TEST_DB=postgres but PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable or refused to make the ` +
        `migrated template (${err.message}). Start PostgreSQL (database "test", trust auth for user ` +
        'postgres) or run the integration-pglite project only.',
    );
  });
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const name = `storefront_test_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  try {
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } catch (err) {
    await admin.end({ timeout: 1 }).catch(() => {});
    throw new Error(
      `TEST_DB=postgres but PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable or refused CREATE DATABASE ` +
        `(${(err as Error).message}). Start PostgreSQL (database "test", trust auth for user postgres) ` +
        'or run the integration-pglite project only.',
    );
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end({ timeout: 5 });
  };
  try {
    // The migrator finds every migration applied: a no-op that proves the copy is current.
    const database = await openDatabase({ url: url.toString() });
    return { ...database, drop };
  } catch (err) {
    await drop().catch(() => {});
    throw err;
  }
}

/**
 * Use once at the top of a test file: starts the database and app in beforeAll and tears them down
 * in afterAll. Read `t.app`, `t.db`... inside hooks and tests (they are set once beforeAll ran).
 */
export function setupTestApp(env: TestEnv = {}): TestHarness {
  const harness = new TestHarness(env);
  beforeAll(() => harness.start());
  afterAll(() => harness.stop());
  return harness;
}
