import { useGraphQlJit } from '@envelop/graphql-jit';
import { type ExecutionArgs, getOperationAST, getVariableValues } from 'graphql';

/**
 * Runs operations as code compiled once per document (graphql-jit), instead of graphql-js walking the
 * document at every request: the executor's share of a request's CPU, for the wizard's order query,
 * fell by about half (scripts/bench/overhead.ts; docs/per-request-overhead.md). The compiled query and
 * its JSON serializer are kept per parsed document (the trusted documents are parsed once).
 *
 * graphql-jit coerces variables its own way: it lets through an input object's unknown fields (an
 * `amount` sent to checkout, which graphql-js refuses) and words its refusals differently. So the
 * variables are first checked as graphql-js checks them, and an operation whose variables graphql-js
 * refuses runs on graphql-js, which answers with its own errors (and enums.ts rewords them as before).
 */
export const compiledExecution = () =>
  useGraphQlJit(
    {},
    {
      enableIf: (args: ExecutionArgs) => {
        const operation = getOperationAST(args.document, args.operationName);
        if (!operation) return false;
        const definitions = operation.variableDefinitions ?? [];
        if (definitions.length === 0) return true;
        return !getVariableValues(args.schema, definitions, args.variableValues ?? {}).errors;
      },
    },
  );
