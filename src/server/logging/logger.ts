import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { capabilitySegments } from '../../domain/index.js';
import type { Config } from '../config.js';
import { isSafeError, REDACTED, type SafeError, serializeError } from './serialize-error.js';

/**
 * Every path the logger blanks before a line is written (pino `redact`; `*` is one level of any key).
 * Headers: a session token (Authorization), the session cookie (Cookie, Set-Cookie). Keys: passwords,
 * session/reset/export tokens, card tokens and test-card fields wherever a log object holds them at
 * the top or one level down. `parameters`/`params`/`args` are SQL parameter lists (postgres.js,
 * PGlite, drizzle); `query` is both SQL text (which may inline values) and a request's query string
 * (which may hold a token); `variables` are a GraphQL request's inputs, passwords and card data among
 * them. Errors never reach these paths whole: the `err` serializer keeps a whitelist of fields.
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  ...[
    'password',
    'newPassword',
    'oldPassword',
    'currentPassword',
    'confirmPassword',
    'token',
    'sessionToken',
    'stripeToken',
    'cardToken',
    'number',
    'cvc',
    'authorization',
    'cookie',
    'secret',
    'parameters',
    'params',
    'args',
    'query',
    'variables',
  ].flatMap((key) => [key, `*.${key}`]),
];

/**
 * A request URL as logged: the capability segments of the paths that carry one blanked (the list is
 * domain/capability-links.ts) and every query value blanked (the names stay): export links, shared
 * report and action-plan links and upload URLs carry their capability in the query.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q < 0 ? url : url.slice(0, q);
  const segments = pathPart.split('/');
  const secret = new Set(capabilitySegments(segments));
  const path = segments.map((s, i) => (secret.has(i) ? REDACTED : s)).join('/');
  if (q < 0) return path;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${path}?${names.join('&')}`;
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string };

export const logSerializers = {
  err: (err: unknown): SafeError => (isSafeError(err) ? err : serializeError(err)),
  // Fastify's request summary with the URL's secrets blanked; any other `req` object is left to `redact`.
  req: (req: LoggedRequest) =>
    typeof req?.url === 'string'
      ? { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }
      : req,
};

/** Where log lines go instead of stdout (tests collect them). */
export type LogStream = { write(line: string): void };

/**
 * The server's logger (pino, through Fastify): LOG_LEVEL, the redaction list and the safe
 * serializers. `silent` is no logger at all.
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: LogStream,
): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: [...LOG_REDACT_PATHS], censor: REDACTED },
    serializers: logSerializers,
    ...(stream ? { stream } : {}),
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Leveled = { isLevelEnabled(level: string): boolean };
type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger that becomes pino's child logger when the request first writes a line at an
 * enabled level. pino builds a child's bindings through the redacting serializer at every request
 * (about 5 µs here, against under 0.5 µs for this object with Fastify's check of it: about 1 % of a
 * light GraphQL call's CPU), and most requests never log: at the default level only errors and
 * warnings are written. Its lines are the child's lines, with the same bindings (the request id).
 */
class RequestLogger {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: LogLevel, args: LogArgs) {
    if (this.isLevelEnabled(level)) (this.#made()[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#made().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return ((this.#child ?? this.#parent) as unknown as Leveled).isLevelEnabled(level);
  }
  bindings(): Bindings {
    return (this.#made() as unknown as { bindings(): Bindings }).bindings();
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
  fatal(...args: LogArgs) {
    this.#write('fatal', args);
  }
  error(...args: LogArgs) {
    this.#write('error', args);
  }
  warn(...args: LogArgs) {
    this.#write('warn', args);
  }
  info(...args: LogArgs) {
    this.#write('info', args);
  }
  debug(...args: LogArgs) {
    this.#write('debug', args);
  }
  trace(...args: LogArgs) {
    this.#write('trace', args);
  }
  silent() {}
}

/**
 * Fastify's childLoggerFactory: each request's `req.log` is a RequestLogger over the server's logger.
 * A route with a log level of its own, or a logger without levels (logging off), gets the child at once.
 */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level || typeof (logger as { isLevelEnabled?: unknown }).isLevelEnabled !== 'function'
    ? logger.child(bindings, options)
    : (new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger);
