import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLSchema,
  getOperationAST,
} from 'graphql';
import { processRegularResult, type YogaServerInstance } from 'graphql-yoga';
import type { AppContext } from '../context.js';
import type { BoundedCache } from './document-cache.js';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };
type Yoga = YogaServerInstance<ServerContext, AppContext>;

/**
 * The storefront's own calls, answered without Yoga's Fetch API round trip (docs/per-request-overhead.md).
 *
 * Yoga serves a Node request by turning it into a Fetch `Request`, running its HTTP plugins (CORS, the
 * request parsers, the result processors) and building a Fetch `Response`, which the /api route copies
 * back onto Fastify's reply: about a quarter of the CPU of the wizard's order query. A browser's call to
 * one of the build's trusted documents needs little of that: Fastify has parsed its JSON, the document
 * is parsed already (and was validated against this schema by codegen), and its answer is one JSON
 * text. So such a call is run as Yoga's params handler runs it, through Yoga's own envelop (the
 * context, the guards and logging, compiled execution and error masking are its plugins' hooks), and
 * its result is written as Yoga's regular result processor writes it.
 *
 * An API client's text takes the same path once Yoga's own parse and validation hooks (graphql-armor's
 * limits included) have accepted it: each distinct text is checked once and kept in a bounded cache
 * (document-cache.ts), so a repeated text costs what a trusted document does (issue 46).
 *
 * Only what this answers exactly as Yoga would takes this path (the test sends the same calls both
 * ways and compares status, headers and body): a POST of a JSON object naming a trusted document by
 * hash, or holding a text Yoga's hooks accepted from a client without an Origin, for a query or a
 * mutation, whose Accept is one Yoga answers with JSON and which is not a CORS preflight. Everything
 * else (GET, a page's texts, texts Yoga refuses, batches, multipart, an unknown id, other media types)
 * goes to Yoga as before.
 */
export function trustedCallFastPath(
  yoga: Yoga,
  trusted: { document(id: string): DocumentNode | null },
  /** Yoga's masking of an error thrown out of execution (not a resolver's: those are in the result). */
  unexpected: (error: unknown) => GraphQLError,
  /** Texts already checked: their document, or false when Yoga's hooks refused it. */
  texts: BoundedCache<DocumentNode | false>,
  /** Compiled execution without envelop's execute hooks, when they have nothing to do (see below). */
  lean: LeanExecution | null = null,
) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (req.method !== 'POST') return false;
    const mediaType = regularMediaType(req.headers.accept);
    if (
      !mediaType ||
      req.headers['access-control-request-method'] ||
      req.headers['access-control-request-headers']
    )
      return false;
    const params = req.body;
    let document: DocumentNode | null;
    let enveloped: ReturnType<Yoga['getEnveloped']> | undefined;
    if (isTrustedCallParams(params)) {
      const id = persistedId(params.extensions);
      document = id ? trusted.document(id) : null;
    } else if (isTextCallParams(params) && !req.headers.origin) {
      // A document's text, from a client without an Origin (a server, a script: it may send any
      // document, trusted-documents.ts): once per distinct text, through Yoga's own parse and validation
      // hooks, the limits included; a text they refuse is left to Yoga, which words the refusal.
      const known = texts.get(params.query);
      if (known === false) return false;
      if (known) document = known;
      else {
        enveloped = yoga.getEnveloped({ req, reply, params } as never);
        document = checkedDocument(enveloped, params.query);
        texts.set(params.query, document ?? false);
      }
    } else return false;
    if (!document) return false;
    const operation = getOperationAST(document, params.operationName)?.operation;
    if (operation !== 'query' && operation !== 'mutation') return false;

    // What Yoga's params handler does for a trusted document (its checks passed above, codegen validated
    // it against this schema) or a text it has checked: the context, then execution through the plugins'
    // hooks (or without them, when they have nothing to do: LeanExecution below).
    const initial = { req, reply, params };
    let contextValue: unknown;
    try {
      if (lean && !enveloped) contextValue = Object.assign(initial, await lean.context(initial));
      else {
        enveloped ??= yoga.getEnveloped(initial as never);
        contextValue = await enveloped.contextFactory();
      }
    } catch {
      // Before anything ran (a revoked API key): Yoga words the refusal.
      return false;
    }
    let result: ExecutionResult;
    const args: ExecutionArgs = {
      schema: enveloped?.schema ?? lean!.schema,
      document,
      contextValue,
      variableValues: params.variables,
      operationName: params.operationName,
    };
    try {
      const compiled = lean && leanCaller(contextValue) ? lean.executor(args) : null;
      if (compiled) {
        result = await compiled(args);
        if (result.errors?.length || result.extensions) {
          // The hooks after execution (logging, enum wording, masking) have work: the same result goes
          // through envelop's execute, every hook included, without running the operation again.
          lean!.replay(contextValue as object, result);
          enveloped ??= yoga.getEnveloped(contextValue as never);
          result = (await enveloped.execute(args)) as ExecutionResult;
        }
      } else {
        enveloped ??= yoga.getEnveloped(contextValue as never);
        result = (await enveloped.execute(args)) as ExecutionResult;
      }
    } catch (error) {
      result = { errors: [unexpected(error)] };
    }
    const origin = req.headers.origin;
    if (origin) {
      // Yoga's CORS for a request with an Origin, as configured in yoga.ts: the origin, without credentials.
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
    }
    if (result.errors?.length || result.extensions) {
      // Errors decide the status and may add headers: Yoga's own processor says which.
      const response = processRegularResult(result, yoga.fetchAPI, mediaType);
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status).send(await response.text());
      return true;
    }
    const stringify = (result as { stringify?: (r: ExecutionResult) => string }).stringify ?? JSON.stringify;
    reply.status(200).header('content-type', `${mediaType}; charset=utf-8`).send(stringify(result));
    return true;
  };
}

/**
 * Envelop's execute runs each plugin's onExecute hook (yoga.ts: the team and API-key guards, the
 * operation-type check, error logging, enum wording, Yoga's error masking, then compiled execution),
 * with a payload, closures and promise helpers for each, and their onExecuteDone hooks after it: about
 * a fifth of an order query's execution (docs/per-request-overhead.md). For an anonymous caller or a
 * session without a team role (no `member`) and without an API key, every guard returns at once (they
 * decide only for a team member or a key; the operation's type was checked above), and with a result
 * without errors or extensions no onExecuteDone hook changes anything. Such a call runs the compiled
 * operation as the jit plugin would (its own enableIf and cache: `executor` asks the plugin) and keeps
 * its result. A result with errors is handed to envelop's execute (`replay`), which runs every hook
 * as for any call, the operation replaced by the result already made. yoga.ts gives this only while
 * Yoga's plugins are the ones this was written for.
 */
export type LeanExecution = {
  /** The schema Yoga's envelop executes against. */
  schema: GraphQLSchema;
  /**
   * The app's context for a request, as Yoga's only context hook (its `context` option) makes it; the
   * fast path adds it to `{ req, reply, params }` as envelop's contextFactory would, without building
   * envelop's per-request functions (getEnveloped) for a call that needs none of them.
   */
  context(initial: { req: FastifyRequest; reply: FastifyReply }): Promise<object>;
  /** The jit plugin's execute function for these arguments, or null when the plugin leaves them to graphql-js. */
  executor(
    args: ExecutionArgs,
  ): ((args: ExecutionArgs) => PromiseLike<ExecutionResult> | ExecutionResult) | null;
  /** The next envelop execute with this context value answers with this result instead of executing. */
  replay(contextValue: object, result: ExecutionResult): void;
};

/** A caller for whom the guards' onExecute hooks decide nothing: no team role and no API key. */
const leanCaller = (context: unknown): boolean => {
  const c = context as { member?: unknown; apiKey?: unknown } | null;
  return c != null && c.member == null && c.apiKey == null;
};

/**
 * The document of a text as Yoga's params handler makes it (its parse and validation hooks: Yoga's
 * caches, graphql-armor's token, depth, alias, directive and cost limits, the introspection rule), or
 * null when they refuse it.
 */
function checkedDocument(enveloped: ReturnType<Yoga['getEnveloped']>, text: string): DocumentNode | null {
  try {
    const document = enveloped.parse(text);
    return enveloped.validate(enveloped.schema, document).length === 0 ? document : null;
  } catch {
    // A syntax error, or a limit exceeded (graphql-armor throws its refusals out of validation).
    return null;
  }
}

type TextCallParams = {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
};

/** A body Yoga's parameter checks accept, with a document's text and nothing else (no extensions). */
function isTextCallParams(body: unknown): body is TextCallParams {
  if (!isObject(body)) return false;
  for (const key in body) if (key !== 'query' && key !== 'operationName' && key !== 'variables') return false;
  const { query, operationName, variables } = body;
  return (
    typeof query === 'string' &&
    query !== '' &&
    (operationName == null || typeof operationName === 'string') &&
    (variables == null || isObject(variables))
  );
}

type TrustedCallParams = {
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  extensions: unknown;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A body Yoga's parameter checks accept, without a document's text (a batch, extra keys: Yoga's). */
function isTrustedCallParams(body: unknown): body is TrustedCallParams {
  if (!isObject(body)) return false;
  for (const key in body)
    if (key !== 'operationName' && key !== 'variables' && key !== 'extensions') return false;
  const { operationName, variables } = body;
  return (
    (operationName == null || typeof operationName === 'string') && (variables == null || isObject(variables))
  );
}

/** The hash of an Apollo persisted-query extension ({persistedQuery: {version: 1, sha256Hash}}), else null. */
function persistedId(extensions: unknown): string | null {
  if (!extensions || typeof extensions !== 'object' || Array.isArray(extensions)) return null;
  const keys = Object.keys(extensions);
  if (keys.length !== 1 || keys[0] !== 'persistedQuery') return null;
  const pq = (extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } }).persistedQuery;
  return pq?.version === 1 && typeof pq.sha256Hash === 'string' ? pq.sha256Hash : null;
}

/**
 * The media type Yoga answers a regular result with, for the Accept headers browsers and clients send;
 * null for any other Accept (Yoga then negotiates). With several acceptable types Yoga reads the header
 * backwards and keeps the last that matches, so `application/graphql-response+json, application/json`
 * (graphql-request's, the GraphQL-over-HTTP spec's advice) is answered with the first.
 */
function regularMediaType(accept: string | undefined): string | null {
  switch (accept?.replace(/\s+/g, '')) {
    case undefined:
    case '':
    case '*/*':
    case 'application/json':
      return 'application/json';
    case 'application/graphql-response+json':
    // graphql-request's (and other GraphQL-over-HTTP clients'): Yoga answers with the first.
    case 'application/graphql-response+json,application/json':
      return 'application/graphql-response+json';
    default:
      return null;
  }
}
