import { type DefinitionNode, Kind, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import {
  type ApiKeyScope,
  apiKeyAllows,
  MSG_API_KEY_READ_ONLY,
  msgApiKeyFieldRefused,
} from '../../domain/index.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';

/**
 * The root fields a request authenticated by an API key may query, and the scope each needs. Nothing
 * else: no mutation at all, and no query outside this list (fail closed). Each of these reads the
 * key's account only, through the same checks as the owner's own reads (the shop report, the survey
 * summary, the regions for the reporting API's regionId, and the reporting API's base URL).
 */
export const API_KEY_FIELDS: Record<string, ApiKeyScope> = {
  evaluation: 'reporting:read',
  surveyProgramSummary: 'reporting:read',
  regions: 'reporting:read',
  reportingApiUrl: 'reporting:read',
};

/** Why an API key may not run the operation, or null when it may. */
export function apiKeyRefusal(
  scopes: readonly string[],
  operation: Pick<OperationDefinitionNode, 'operation' | 'selectionSet'>,
): string | null {
  if (operation.operation !== 'query') return MSG_API_KEY_READ_ONLY;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind === Kind.FIELD && selection.name.value === '__typename') continue;
    // Fragments at the root are not read through: a key's operation names its fields.
    if (selection.kind !== Kind.FIELD) return msgApiKeyFieldRefused('fragments at the root');
    const needs = API_KEY_FIELDS[selection.name.value];
    if (!needs || !apiKeyAllows(scopes, needs)) return msgApiKeyFieldRefused(selection.name.value);
  }
  return null;
}

/** Refuses, before anything runs, an operation an API key's scopes do not cover. */
export function apiKeyGuard(): Plugin<AppContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as AppContext;
      if (!ctx.apiKey) return;
      const operation = args.document.definitions.find(
        (d: DefinitionNode): d is OperationDefinitionNode =>
          d.kind === Kind.OPERATION_DEFINITION &&
          (args.operationName ? d.name?.value === args.operationName : true),
      );
      const refusal = operation ? apiKeyRefusal(ctx.apiKey.scopes, operation) : null;
      if (refusal) setResultAndStopExecution({ data: null, errors: [new AppError('FORBIDDEN', refusal)] });
    },
  };
}
