import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, GraphQLError } from 'graphql';
import { createYoga, maskError, type Plugin } from 'graphql-yoga';
import type { Adapters } from '../adapters/index.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { identifyRequest } from '../request-identity.js';
import { apiKeyGuard } from './api-key-guard.js';
import { documentCache } from './document-cache.js';
import { enumInputErrors } from './enums.js';
import { logUnexpectedError, logUnexpectedErrors } from './error-log.js';
import { type LeanExecution, trustedCallFastPath } from './fast-path.js';
import { graphiqlFor, introspectionForAdminsOnly, renderGraphiQLPage } from './graphiql.js';
import { compiledExecution } from './jit.js';
import { knownOperationTypes } from './operation-types.js';
import { schema } from './schema.js';
import { teamGuard } from './team-guard.js';
import { trustedDocumentStore, trustedDocuments } from './trusted-documents.js';

/** Yoga's own plugins with an onExecute hook: its execution engine and its error masking (fast-path.ts). */
const YOGA_EXECUTE_HOOKS = 2;

export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The `extensions.code` of each document limit's refusal (README, "GraphQL error codes"). */
export const LIMIT_ERROR_CODES = {
  depth: 'QUERY_TOO_DEEP',
  aliases: 'TOO_MANY_ALIASES',
  directives: 'TOO_MANY_DIRECTIVES',
  tokens: 'TOO_MANY_TOKENS',
  cost: 'QUERY_TOO_COSTLY',
} as const;

/** graphql-armor makes its refusals without a code; each limit's onReject gives it its own. */
const withCode =
  (code: string) =>
  (_context: unknown, error: GraphQLError): void => {
    Object.assign(error.extensions, { code });
  };

/** An error the client sees only as the generic message (anything but an expected AppError or GraphQL's own). */
const isUnexpected = (error: Error) => maskError(error, UNEXPECTED_ERROR_MESSAGE, false) !== error;

export function createGraphQL(deps: {
  db: Db;
  readDb: Db;
  config: Config;
  adapters: Adapters;
  log: FastifyBaseLogger;
}) {
  const store = trustedDocumentStore(deps.config.TRUSTED_DOCUMENTS);
  // AppErrors (expected outcomes) pass through; anything else is shown generically and logged (safely):
  // with its request by the plugin below, here only when it happened outside an execution.
  const masking = (error: unknown, _message: string, isDev?: boolean): Error => {
    const masked = maskError(error, UNEXPECTED_ERROR_MESSAGE, isDev);
    if (masked !== error) logUnexpectedError(error, deps.log);
    return masked;
  };
  // Per distinct document, each with a cap (document-cache.ts): Yoga's parsed texts (its validation
  // results are kept per parsed document) and the fast path's checked texts. Parse errors are not kept:
  // Yoga adds their code to the error it caches only when its own request parsed the text first, and
  // a text the fast path looked at first would then be refused without it; a text that does not parse
  // is parsed again (the token limit bounds the work) and refused each time.
  const caches = {
    parsed: documentCache<DocumentNode>(),
    texts: documentCache<DocumentNode | false>(),
  };
  const noParseErrors = { get: () => undefined, set: () => {} };
  const appContext = async ({
    req,
    reply,
  }: {
    req: FastifyRequest;
    reply: FastifyReply;
  }): Promise<AppContext> => {
    // API clients may authenticate with an API key instead of a session (ctx.apiKey then says so).
    const identity = await identifyRequest(deps.db, deps.config, req, { apiKeys: true });
    return {
      db: deps.db,
      readDb: deps.readDb,
      config: deps.config,
      adapters: deps.adapters,
      ...identity,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      req,
      reply,
    };
  };
  // The fast path's lean execution (fast-path.ts, LeanExecution): the jit plugin is asked for its execute
  // function, and a result with errors is replayed through envelop's execute by `replay`, the last of
  // our onExecute hooks, which makes the result the execute function's answer.
  const guards = [
    logUnexpectedErrors(isUnexpected),
    teamGuard(),
    enumInputErrors,
    apiKeyGuard(),
    knownOperationTypes(),
  ];
  const jit = compiledExecution();
  const replays = new WeakMap<object, ExecutionResult>();
  const replay: Plugin = {
    onExecute({ args, setExecuteFn }) {
      const result = replays.get(args.contextValue as object);
      if (!result) return;
      replays.delete(args.contextValue as object);
      setExecuteFn(() => result);
    },
  };
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, AppContext>({
    schema,
    graphqlEndpoint: '/api',
    // In production only for platform admins, from this server's files (graphiql.ts).
    graphiql: graphiqlFor(deps),
    renderGraphiQL: renderGraphiQLPage,
    landingPage: false,
    logging: false,
    // Another site's page may call the API with an API key (no cookies), and read the answer; never with
    // the visitor's session: no Access-Control-Allow-Credentials, so a browser keeps a credentialed
    // cross-origin answer from the page (Yoga's default reflects any origin with credentials). The web
    // app calls its own origin and needs no CORS.
    cors: { credentials: false },
    maskedErrors: { maskError: masking },
    parserAndValidationCache: { documentCache: caches.parsed, errorCache: noParseErrors },
    plugins: [
      trustedDocuments({ db: deps.db, production: deps.config.production, store }),
      EnvelopArmorPlugin({
        maxDepth: { n: 12, onReject: [withCode(LIMIT_ERROR_CODES.depth)] },
        maxAliases: { n: 15, onReject: [withCode(LIMIT_ERROR_CODES.aliases)] },
        maxDirectives: { n: 20, onReject: [withCode(LIMIT_ERROR_CODES.directives)] },
        maxTokens: { n: 3000, onReject: [withCode(LIMIT_ERROR_CODES.tokens)] },
        costLimit: { maxCost: 8000, onReject: [withCode(LIMIT_ERROR_CODES.cost)] },
        blockFieldSuggestion: { enabled: deps.config.production },
      }),
      ...(deps.config.production ? [introspectionForAdminsOnly(deps)] : []),
      ...guards,
      jit,
      replay,
    ],
    context: appContext,
  });
  const unexpected = (error: unknown) => {
    const masked = masking(
      error instanceof Error ? error : new Error(String(error)),
      UNEXPECTED_ERROR_MESSAGE,
    );
    return masked instanceof GraphQLError
      ? masked
      : new GraphQLError(masked.message, { originalError: masked });
  };
  // Lean execution is given only while the onExecute hooks are the ones it was written for: ours, and
  // Yoga's own two (its execution engine, which the jit plugin replaces, and its error masking, which
  // has nothing to do for a result without errors). Another hook turns it off (fast-path.test.ts says so).
  const ours = new Set<unknown>([...guards, jit, replay]);
  const othersWithExecute = (yoga as unknown as { plugins: Plugin[] }).plugins.filter(
    (p) => p.onExecute && !ours.has(p),
  ).length;
  // Likewise its context: the app's context function the only context hook (Yoga's `context` option),
  // no plugin hooked into getEnveloped or instrumenting it.
  const plugins = (yoga as unknown as { plugins: Plugin[] }).plugins;
  const plainContext =
    plugins.filter((p) => p.onContextBuilding).length === 1 &&
    !plugins.some((p) => p.onEnveloped || p.instrumentation);
  const lean: LeanExecution | null =
    othersWithExecute === YOGA_EXECUTE_HOOKS && plainContext
      ? {
          schema: yoga.getEnveloped({} as never).schema,
          context: appContext,
          executor(args: ExecutionArgs) {
            let chosen: ((a: ExecutionArgs) => ExecutionResult | PromiseLike<ExecutionResult>) | null = null;
            // The jit plugin's own decision (its enableIf: runsCompiled) and its cache of compiled
            // documents; the decision is synchronous, so it is made before this returns.
            jit.onExecute?.({
              args,
              setExecuteFn: (fn: typeof chosen) => {
                chosen = fn;
              },
            } as never);
            return chosen;
          },
          replay(contextValue, result) {
            replays.set(contextValue, result);
          },
        }
      : null;
  return {
    yoga,
    answerTrustedCall: trustedCallFastPath(yoga, store, unexpected, caches.texts, lean),
    caches,
    /** Whether the fast path may run compiled operations without envelop's execute hooks (fast-path.ts). */
    leanExecution: lean !== null,
  };
}
