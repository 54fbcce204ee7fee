import type { FastifyReply, FastifyRequest } from 'fastify';

// A POST to /api whose JSON is not a request object: Yoga's Node adapter reads such a body (`{}`,
// `null`, `42`, `[]`, `"text"`) again from the consumed stream and answered "POST body sent invalid
// JSON." with the parser's own error as `originalError`, in production too. It is answered here,
// before the fast path and Yoga, saying what is missing.

export const MSG_QUERY_REQUIRED = 'A query or a persisted operation id is required.';
export const MSG_BODY_NOT_OBJECT =
  'The request body must be a JSON object with a `query` (the GraphQL document) or a persisted operation id, and optional `variables` and `operationName`.';

const isJsonRequest = (req: FastifyRequest) =>
  /^application\/(graphql\+)?json\b/i.test(String(req.headers['content-type'] ?? ''));

/** The refusal of a JSON POST body that is no request object, or an empty one; null for any other request. */
export function graphqlBodyProblem(req: FastifyRequest): string | null {
  if (req.method !== 'POST' || !isJsonRequest(req)) return null;
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return MSG_BODY_NOT_OBJECT;
  return Object.keys(body).length === 0 ? MSG_QUERY_REQUIRED : null;
}

/** Answers the request when its body is refused (400, a GraphQL error with code BAD_REQUEST). */
export async function refuseGraphqlBody(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const problem = graphqlBodyProblem(req);
  if (!problem) return false;
  await reply
    .code(400)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ message: problem, extensions: { code: 'BAD_REQUEST' } }] });
  return true;
}
