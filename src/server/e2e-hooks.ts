import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { releaseOverdueVisits } from './fieldwork/index.js';

/** The journeys' hooks: registered only when E2E_TEST_HOOKS=1 outside production (config.ts refuses it there). */
export const E2E_RELEASE_PATH = '/__e2e/visit-deadlines';

const ZRelease = z.object({
  /** The moment the deadline job runs as of (ISO), in the journey's moved clock. */
  now: z.iso.datetime(),
  /** Whose holds: one journey's shoppers only, so another journey running at once keeps its visits. */
  shopperIds: z.array(z.string().min(1)).min(1).max(20),
});

/**
 * Test-only: runs the deadline job (fieldwork/deadlines.ts) as of a moved clock for some shoppers, so
 * a journey can miss a due date without waiting for it. Never registered in production; without the
 * flag the path is a 404 like any other unknown one.
 */
export async function registerE2eHooks(app: FastifyInstance, deps: { db: Db; config: Config }) {
  if (deps.config.production || deps.config.E2E_TEST_HOOKS !== '1') return;
  app.post(E2E_RELEASE_PATH, async (request, reply) => {
    const parsed = ZRelease.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'now (ISO) and shopperIds are required' });
    return releaseOverdueVisits(deps.db, new Date(parsed.data.now), {
      onlyShopperIds: parsed.data.shopperIds,
    });
  });
}
