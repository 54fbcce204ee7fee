import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { textProblem, textProblemMessage } from '../domain/schemas/index.js';

/**
 * The input boundary for the REST routes (reporting API, exports, uploads, survey QR): every query
 * and path parameter follows the text rule (one line, at most 2,000 characters, no control
 * characters or lone surrogates), and a request has at most 50 query parameters, before a handler
 * reads them. Each route then parses its own parameters with its zod schema. GraphQL (/api) has its
 * own boundary over the schema's types (graphql/input-boundary.ts).
 */
export const REST_PARAM_TEXT = { max: 2000 } as const;
export const REST_MAX_PARAMS = 50;
const GRAPHQL_ROUTE = '/api';

/** A REST 400's body: a sentence that names the parameter, and its name. */
export type Refusal = { error: string; field: string };

const quoted = (values: readonly unknown[]) => values.map((v) => `'${String(v)}'`).join(', ');

/**
 * What a schema's own rule says when it has no message: the issue in plain words, as the end of a
 * sentence that starts with the parameter's name (never zod's "Invalid input: expected number").
 */
function inWords(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return issue.expected === 'number' || issue.expected === 'int' ? 'must be a number' : 'is not valid';
    case 'too_big':
      return issue.origin === 'string'
        ? `cannot exceed ${issue.maximum} characters`
        : `must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'is required' : `must be at least ${issue.minimum} characters`;
      return `must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `must be ${quoted(issue.values)}`;
    default:
      return 'is not valid';
  }
}

/**
 * The one place a REST route turns a zod refusal into its answer: the first issue, as a sentence that
 * names the parameter ("pageSize must be a whole number from 1 to 999."). A schema's own message is a
 * predicate ("must be a date as YYYY-MM-DD"); a rule without one is said by inWords. The parse's error
 * map only fills in where the schema gave no message (zod's precedence).
 */
export function parseRestParams<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; refusal?: never } | { data?: never; refusal: Refusal } {
  const parsed = schema.safeParse(values, { error: inWords });
  if (parsed.success) return { data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || '(query)';
  return { refusal: { error: restRefusalText(field, issue.message), field } };
}

/** `field` and a predicate as one sentence: "regionId is not a region of this client." */
export const restRefusalText = (field: string, predicate: string) =>
  `${field} ${predicate.replace(/\.$/, '')}.`;

function refusal(values: unknown, where: 'query' | 'path'): Refusal | null {
  if (!values || typeof values !== 'object') return null;
  const entries = Object.entries(values);
  if (where === 'query' && entries.length > REST_MAX_PARAMS)
    return { error: `At most ${REST_MAX_PARAMS} query parameters are allowed.`, field: '(query)' };
  for (const [name, raw] of entries) {
    const nameProblem = textProblem(name, { max: 100 });
    if (nameProblem) return { error: 'A parameter name is not valid.', field: '(query)' };
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value !== 'string') continue;
      const problem = textProblem(value, REST_PARAM_TEXT);
      if (problem) return { error: textProblemMessage(name, problem, REST_PARAM_TEXT), field: name };
    }
  }
  return null;
}

/** Adds the check to every route declared after this call, except GraphQL's (it has its own). */
export function registerRestInputBoundary(app: FastifyInstance): void {
  const check = async (req: FastifyRequest, reply: FastifyReply) => {
    const refused = refusal(req.params, 'path') ?? refusal(req.query, 'query');
    if (refused) return reply.code(400).send(refused);
  };
  app.addHook('onRoute', (route) => {
    if (route.url === GRAPHQL_ROUTE) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [check, ...own];
  });
}
