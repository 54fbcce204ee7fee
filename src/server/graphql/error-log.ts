import type { FastifyBaseLogger } from 'fastify';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from '../context.js';
import { secretValues, serializeError } from '../logging/index.js';

/** The request an unexpected error happened in, as far as its log line may tell. */
type RequestFacts = { log: FastifyBaseLogger; operationName: string | null; variables: unknown };

/** Errors already logged with their request, so the masking fallback does not log them again. */
const logged = new WeakSet<object>();

/**
 * Logs an error the client sees only as the generic message: never the variables (their values are
 * cut out of any message that repeats them), never SQL parameters. Each error is logged once.
 */
export function logUnexpectedError(error: unknown, fallback: FastifyBaseLogger, request?: RequestFacts) {
  const original = ((error as { originalError?: unknown }).originalError ?? error) as object;
  if (typeof original === 'object' && original !== null) {
    if (logged.has(original)) return;
    logged.add(original);
  }
  (request?.log ?? fallback).error(
    {
      err: serializeError(original, { secrets: request ? secretValues(request.variables) : [] }),
      operationName: request?.operationName ?? null,
    },
    'GraphQL unexpected error',
  );
}

/**
 * Logs the unexpected errors of each execution with its request's logger (whose lines carry the
 * request id) and operation name. It reads the request only when an execution has such an error, so
 * it costs nothing on the way of a request that succeeds.
 */
export function logUnexpectedErrors(isUnexpected: (error: Error) => boolean): Plugin<AppContext> {
  return {
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result }) => {
        const errors = 'errors' in result ? result.errors : undefined;
        if (!errors?.length) return;
        const context = args.contextValue as AppContext;
        const request: RequestFacts = {
          log: context.req.log,
          operationName: getOperationAST(args.document, args.operationName)?.name?.value ?? null,
          variables: args.variableValues,
        };
        for (const error of errors)
          if (isUnexpected(error)) logUnexpectedError(error, context.req.log, request);
      },
    }),
  };
}
