import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { secretValues, serializeError } from '../logging/index.js';

/** What an unexpected error's log line may say about the GraphQL request it happened in. */
type Scope = { log: FastifyBaseLogger; operationName: string | null; secrets: string[] };

const scopes = new AsyncLocalStorage<Scope>();

type GraphQLParams = { operationName?: unknown; query?: unknown; variables?: unknown };

function operationName(params: GraphQLParams): string | null {
  if (typeof params.operationName === 'string' && params.operationName) return params.operationName;
  const named =
    typeof params.query === 'string' && /\b(query|mutation|subscription)\s+(\w+)/.exec(params.query);
  return named ? named[2]! : null;
}

function variablesOf(params: GraphQLParams): unknown {
  if (typeof params.variables !== 'string') return params.variables;
  try {
    return JSON.parse(params.variables);
  } catch {
    return params.variables;
  }
}

/**
 * Runs one /api request with its logger (whose lines carry the request id), its operation name and
 * its variables' values, which are cut out of any error message that repeats them.
 */
export function withGraphQLLogScope<T>(req: FastifyRequest, run: () => T): T {
  const params = ((req.method === 'GET' ? req.query : req.body) ?? {}) as GraphQLParams;
  return scopes.run(
    { log: req.log, operationName: operationName(params), secrets: secretValues(variablesOf(params)) },
    run,
  );
}

/** Logs an error the client sees only as the generic message: never the variables, never SQL parameters. */
export function logUnexpectedError(error: unknown, fallback: FastifyBaseLogger) {
  const scope = scopes.getStore();
  const original = (error as { originalError?: unknown }).originalError ?? error;
  (scope?.log ?? fallback).error(
    {
      err: serializeError(original, { secrets: scope?.secrets ?? [] }),
      operationName: scope?.operationName ?? null,
    },
    'GraphQL unexpected error',
  );
}
