import { useGraphQlJit } from '@envelop/graphql-jit';
import {
  type DocumentNode,
  type ExecutionArgs,
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  type GraphQLSchema,
  GraphQLString,
  getOperationAST,
  getVariableValues,
  Kind,
  type TypeNode,
  type VariableDefinitionNode,
} from 'graphql';

/**
 * Runs operations as code compiled once per document (graphql-jit), instead of graphql-js walking the
 * document at every request: the executor's share of a request's CPU, for the wizard's order query,
 * fell by about half (scripts/bench/overhead.ts; docs/per-request-overhead.md). The compiled query and
 * its JSON serializer are kept per parsed document (the trusted documents are parsed once).
 *
 * graphql-jit coerces variables its own way: it lets through an input object's unknown fields (an
 * `amount` sent to checkout, which graphql-js refuses) and words its refusals differently. So an
 * operation runs compiled only when graphql-js would accept its variables (runsCompiled), and one
 * whose variables graphql-js refuses runs on graphql-js, which answers with its own errors (and
 * enums.ts rewords them as before). A document of several operations runs on graphql-js too: the plugin
 * keeps one compilation per document, so a call naming its second operation would get the first's answer.
 */
export const compiledExecution = () =>
  useGraphQlJit(
    {},
    {
      enableIf: (args: ExecutionArgs) =>
        runsCompiled(args.schema, args.document, args.operationName, args.variableValues),
    },
  );

/** A check of one variable's value that holds exactly when graphql-js accepts the value. */
type ValueCheck = (value: unknown) => boolean;

/**
 * What graphql-js's built-in scalars accept as a variable's value (their `parseValue`): nothing else is
 * accepted, and whatever these accept is. The schema's type is compared by identity, so a scalar of the
 * same name that is not graphql-js's own falls to the full check.
 */
const BUILT_IN_SCALARS = new Map<unknown, ValueCheck>([
  [GraphQLString, (v) => typeof v === 'string'],
  [GraphQLBoolean, (v) => typeof v === 'boolean'],
  [GraphQLID, (v) => typeof v === 'string' || Number.isInteger(v)],
  [GraphQLInt, (v) => Number.isInteger(v) && (v as number) <= 2147483647 && (v as number) >= -2147483648],
  [GraphQLFloat, (v) => typeof v === 'number' && Number.isFinite(v)],
]);

/** The check of a variable typed `Scalar` or `Scalar!` with a built-in scalar and no default, else null. */
function valueCheck(schema: GraphQLSchema, definition: VariableDefinitionNode): ValueCheck | null {
  if (definition.defaultValue) return null;
  const required = definition.type.kind === Kind.NON_NULL_TYPE;
  const named: TypeNode = required ? (definition.type as { type: TypeNode }).type : definition.type;
  if (named.kind !== Kind.NAMED_TYPE) return null;
  const scalar = BUILT_IN_SCALARS.get(schema.getType(named.name.value));
  if (!scalar) return null;
  return required ? scalar : (v) => v === null || v === undefined || scalar(v);
}

/** Per operation of a document: whether it may run compiled, and its variables' checks ('full': graphql-js's). */
type Plan = { compiled: boolean; checks: [string, ValueCheck][] | 'full' };

/** The plans of a document's operations (by name), for the schema they were made against. */
const plans = new WeakMap<DocumentNode, { schema: GraphQLSchema; byName: Map<string, Plan> }>();

function planOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): Plan {
  let kept = plans.get(document);
  if (kept?.schema !== schema) {
    kept = { schema, byName: new Map() };
    plans.set(document, kept);
  }
  const key = operationName ?? '';
  const known = kept.byName.get(key);
  if (known) return known;
  const operation = getOperationAST(document, operationName);
  // The plugin keeps one compiled operation per document, whatever the name asked for: a document of
  // several operations runs on graphql-js, or a call naming the second would run the first.
  const single = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length === 1;
  const checks: [string, ValueCheck][] = [];
  let full = false;
  for (const definition of operation?.variableDefinitions ?? []) {
    const check = valueCheck(schema, definition);
    if (check) checks.push([definition.variable.name.value, check]);
    else full = true;
  }
  const plan: Plan = { compiled: single && operation != null, checks: full ? 'full' : checks };
  // Operation names are the caller's: a document keeps the plans of its few real names only.
  if (kept.byName.size < 16) kept.byName.set(key, plan);
  return plan;
}

/**
 * Whether the operation may run compiled: the document holds it alone, and graphql-js accepts these
 * variables for it (at once for variables of built-in scalars, such as the wizard's ids, else by
 * graphql-js's own coercion). False when there is no such operation.
 */
export function runsCompiled(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variableValues: Readonly<Record<string, unknown>> | null | undefined,
): boolean {
  const plan = planOf(schema, document, operationName);
  if (!plan.compiled) return false;
  const values = variableValues ?? {};
  if (plan.checks !== 'full') return plan.checks.every(([name, check]) => check(values[name]));
  const operation = getOperationAST(document, operationName);
  return !getVariableValues(schema, operation?.variableDefinitions ?? [], values).errors;
}
