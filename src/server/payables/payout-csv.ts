import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { payoutCsv } from '../../domain/index.js';
import { isStillAdmin } from '../admin/export-route.js';
import { EXPORT_TOKEN_TTL_MS } from '../admin/index.js';
import { hmac, safeEqual } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { payables, payoutBatches, users } from '../db/schema.js';

// A payout batch's CSV, downloaded like the admin exports: through a short-lived link made for one
// batch by one admin (never the login token), and the admin must still be an admin when it is used.

/** `{uid}.{batchId}.{expires}.{hmac}`; ids have no dots (db/ids.ts). */
export function createPayoutToken(secret: string, opts: { uid: string; batchId: string; now: number }) {
  const expires = opts.now + EXPORT_TOKEN_TTL_MS;
  const body = `${opts.uid}.${opts.batchId}.${expires}`;
  return { token: `${body}.${hmac(secret, `payout|${body}`)}`, expiresAt: new Date(expires) };
}

/** The admin's user id when the token is genuine, for this batch, and not expired. */
export function verifyPayoutToken(
  secret: string,
  token: string,
  batchId: string,
  now: number,
): string | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [uid, tokenBatch, expires, sig] = parts as [string, string, string, string];
  if (!safeEqual(hmac(secret, `payout|${uid}.${tokenBatch}.${expires}`), sig)) return null;
  if (tokenBatch !== batchId || !(Number(expires) > now)) return null;
  return uid;
}

export const payoutCsvUrl = (batchId: string, token: string) =>
  `/admin/payouts/${encodeURIComponent(batchId)}.csv?token=${encodeURIComponent(token)}`;

/** The batch's CSV text (lines by shopper, then approval), or null for an unknown batch. */
export async function payoutBatchCsv(
  db: Db,
  batchId: string,
): Promise<{ csv: string; reference: string } | null> {
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId)).limit(1);
  if (!batch) return null;
  const rows = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      shopperEmail: users.email,
      evaluationId: payables.evaluationId,
      programName: payables.programName,
      locationName: payables.locationName,
      shopDate: payables.shopDate,
      approvedAt: payables.approvedAt,
      reimbursement: payables.reimbursement,
      fee: payables.fee,
      total: payables.total,
    })
    .from(payables)
    .innerJoin(users, eq(users.id, payables.shopperId))
    .where(eq(payables.batchId, batchId))
    .orderBy(
      asc(users.lastName),
      asc(users.firstName),
      asc(users.email),
      asc(payables.approvedAt),
      asc(payables.id),
    );
  const lines = rows.map(({ firstName, lastName, ...r }) => ({
    ...r,
    shopperName: `${firstName} ${lastName}`.trim(),
  }));
  return { csv: payoutCsv(batch, lines), reference: batch.reference };
}

/** The path's file: the payout batch's id and .csv; anything else is a 404. (The OpenAPI document is made from these.) */
export const ZPayoutParams = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}\.csv$/)
    .meta({ description: "The payout batch's id followed by .csv." }),
});
/** The download link's token: missing, invalid or expired is a 401. */
export const ZPayoutQuery = z.object({
  token: z.string().min(1).max(500).meta({
    description:
      'The token from the GraphQL mutation createPayoutCsvLink (admins only): for that batch, valid for 5 minutes.',
  }),
});

/** GET /admin/payouts/{id}.csv?token=: one payout batch as CSV, for admins. */
export async function registerPayoutCsvRoute(app: FastifyInstance, deps: { db: Db; config: Config }) {
  app.get('/admin/payouts/:file', async (req, reply) => {
    const params = ZPayoutParams.safeParse(req.params);
    if (!params.success) return reply.code(404).type('text/plain').send('Unknown payout.');
    const batchId = params.data.file.slice(0, -'.csv'.length);
    const query = ZPayoutQuery.safeParse(req.query);
    const uid = query.success
      ? verifyPayoutToken(deps.config.appSecret, query.data.token, batchId, Date.now())
      : null;
    if (!uid) {
      return reply
        .code(401)
        .type('text/plain')
        .send('This download link is invalid or has expired. Download it again from Shopper Payments.');
    }
    if (!(await isStillAdmin(deps.db, uid))) return reply.code(403).type('text/plain').send('Not Authorized');
    const found = await payoutBatchCsv(deps.db, batchId);
    if (!found) return reply.code(404).type('text/plain').send('Unknown payout.');
    const name = `payout-${found.reference.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || batchId}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(found.csv);
  });
}
