/**
 * Errors as they may be logged: a whitelist of fields, never the error's own properties wholesale.
 * Database errors carry the data they failed on: postgres.js adds `query`, `parameters`, `args`,
 * `types`; PGlite adds `query`, `params`, `queryOptions`; drizzle's DrizzleQueryError has `query` and
 * `params` and puts both into its message ("Failed query: ... params: ..."); PostgreSQL's `detail`
 * and `where` quote row values ("Key (email)=(...) already exists."). None of these is kept.
 */
export type SafeError = {
  type: string;
  message: string;
  /** The stack's frames ('' when there are none). */
  stack: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's fields that name the failure without quoting data. */
  severity?: string;
  routine?: string;
  constraint_name?: string;
  table_name?: string;
  column_name?: string;
  cause?: SafeError;
};

export const REDACTED = '[Redacted]';

const KEPT_STRINGS = ['code', 'severity', 'routine', 'constraint_name', 'table_name', 'column_name'] as const;

/** Values shorter than this are not cut out of messages (they would mangle ordinary words). */
const MIN_SECRET_LENGTH = 6;
const MAX_CAUSE_DEPTH = 4;

/** `key=value` / `key: value` pairs and bearer tokens written into a message. */
const SECRET_PAIR =
  /\b(password|passwd|pwd|secret|token|api[_-]?key|authorization|cookie|cvc|cvv)(["']?\s*[:=]\s*(?:(?:Bearer|Basic)\s+)?)("[^"]*"|'[^']*'|[^\s,;)}\]]+)/gi;
// The scheme in any case: `bearer <token>` is the same credential (RFC 9110 11.1).
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

const produced = new WeakSet<object>();

/** True for an object this module made (the logger's `err` serializer passes it on unchanged). */
export const isSafeError = (value: unknown): value is SafeError =>
  typeof value === 'object' && value !== null && produced.has(value);

/** Strings among a database error's parameters or a request's variables, to cut out of messages. */
export function secretValues(...sources: unknown[]): string[] {
  const out = new Set<string>();
  const visit = (v: unknown, depth: number) => {
    if (depth > 6 || v === null || v === undefined) return;
    if (typeof v === 'string') {
      if (v.length >= MIN_SECRET_LENGTH) out.add(v);
    } else if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1);
    } else if (typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v)) {
      for (const x of Object.values(v)) visit(x, depth + 1);
    }
  };
  for (const s of sources) visit(s, 0);
  // Longest first, so a value containing a shorter one is cut out whole.
  return [...out].sort((a, b) => b.length - a.length);
}

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join(REDACTED);
  return out.replace(SECRET_PAIR, `$1$2${REDACTED}`).replace(BEARER, `$1 ${REDACTED}`);
}

const prop = (err: object, key: string): unknown => (err as Record<string, unknown>)[key];

function typeOf(err: object): string {
  const name = prop(err, 'name');
  const ctor = (err as { constructor?: { name?: string } }).constructor?.name;
  if (typeof name === 'string' && name !== 'Error' && name !== '') return name;
  return ctor && ctor !== 'Object' ? ctor : 'Error';
}

const messageOf = (err: object): string => {
  const raw = prop(err, 'message');
  return typeof raw === 'string' ? raw : '';
};

/** drizzle's wrapper: its message is the SQL text and every parameter, so none of it is kept. */
const isDrizzleQueryError = (err: object) =>
  messageOf(err).startsWith('Failed query:') && 'query' in err && 'params' in err;
const QUERY_NOT_LOGGED = 'Failed query (SQL text and parameters are not logged)';

/** The stack's frames only: its first lines repeat the message, which may quote data. */
function frames(stack: unknown, secrets: readonly string[]): string {
  if (typeof stack !== 'string') return '';
  return scrub(
    stack
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .join('\n'),
    secrets,
  );
}

function chain(err: unknown): object[] {
  const out: object[] = [];
  let e: unknown = err;
  while (typeof e === 'object' && e !== null && out.length <= MAX_CAUSE_DEPTH && !out.includes(e)) {
    out.push(e);
    e = prop(e, 'originalError') ?? prop(e, 'cause');
  }
  return out;
}

/**
 * A loggable copy of `err` and its causes: type, message, code, stack frames and PostgreSQL's
 * severity/routine/constraint, table and column names. Query text, parameters, details and every
 * other property are left out; `secrets` (e.g. the request's variables) and the parameters the
 * database error carries are cut out of messages and stacks wherever they appear.
 */
export function serializeError(err: unknown, opts: { secrets?: readonly string[] } = {}): SafeError {
  const links = chain(err);
  if (links.length === 0) {
    const safe: SafeError = { type: typeof err, message: scrub(String(err), opts.secrets ?? []), stack: '' };
    produced.add(safe);
    return safe;
  }
  const carried = links.flatMap((e) => [prop(e, 'parameters'), prop(e, 'params'), prop(e, 'args')]);
  const secrets = secretValues(opts.secrets ?? [], carried);
  // A GraphQLError wrapping drizzle's error repeats its message.
  const queryMessages = new Set(links.filter(isDrizzleQueryError).map(messageOf));
  const one = (e: object, rest: object[]): SafeError => {
    const message = messageOf(e);
    const safe: SafeError = {
      type: typeOf(e),
      message: queryMessages.has(message) ? QUERY_NOT_LOGGED : scrub(message, secrets),
      stack: frames(prop(e, 'stack'), secrets),
    };
    for (const key of KEPT_STRINGS) {
      const v = prop(e, key);
      if (typeof v === 'string' || typeof v === 'number') safe[key] = scrub(String(v), secrets);
    }
    const status = prop(e, 'statusCode');
    if (typeof status === 'number') safe.statusCode = status;
    const [next, ...after] = rest;
    if (next) safe.cause = one(next, after);
    produced.add(safe);
    return safe;
  };
  const [first, ...rest] = links;
  return one(first!, rest);
}

/** For a command-line tool's stderr: the safe error, one line per cause, then (unless `stack: false`) its frames. */
export function describeError(err: unknown, opts: { stack?: boolean } = {}): string {
  const safe = serializeError(err);
  const parts: string[] = [];
  for (let e: SafeError | undefined = safe; e; e = e.cause) {
    parts.push(`${e.type}${e.code ? ` [${e.code}]` : ''}: ${e.message}`);
  }
  return [parts.join('\n  caused by '), opts.stack === false ? '' : safe.stack].filter(Boolean).join('\n');
}
