import { type ExecutionArgs, type ExecutionResult, GraphQLError, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** The refusal of a subscription: the schema has no Subscription type, and the API no event stream. */
export const MSG_SUBSCRIPTIONS_UNSUPPORTED = 'Subscriptions are not supported.';

/** The refusal of an operation whose type the schema has no root for, else null. */
function unsupported(args: ExecutionArgs): ExecutionResult | null {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation || args.schema.getRootType(operation.operation)) return null;
  const message =
    operation.operation === 'subscription'
      ? MSG_SUBSCRIPTIONS_UNSUPPORTED
      : `${operation.operation} operations are not supported.`;
  return {
    errors: [
      new GraphQLError(message, {
        nodes: operation,
        extensions: { code: 'OPERATION_NOT_SUPPORTED', http: { status: 400 } },
      }),
    ],
  };
}

/**
 * Refuses an operation whose type the schema has no root for (a subscription: there is none), as a
 * client error with status 400, before anything runs it. Without this, graphql-jit threw "No root type
 * for operation subscription" and the client got a 500. Yoga hands a subscription to `subscribe`, not
 * `execute`, so both are guarded; it is checked there rather than as a validation rule so that a
 * trusted document (whose validation is skipped) is refused the same way. Another word than query,
 * mutation or subscription is a syntax error, which the parser refuses first.
 */
export const knownOperationTypes = (): Plugin => ({
  onExecute({ args, setResultAndStopExecution }) {
    const refusal = unsupported(args);
    if (refusal) setResultAndStopExecution(refusal);
  },
  onSubscribe({ args, setResultAndStopExecution }) {
    const refusal = unsupported(args);
    if (refusal) setResultAndStopExecution(refusal);
  },
});
