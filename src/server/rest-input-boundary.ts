import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

type Refusal = { error: string; field: string };

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
