import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../audit/index.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { EXPORT_TYPES, exportCsv, exportFileName, verifyExportToken } from './exports.js';

/** The export's path parameter: an unknown type is a 404. (The OpenAPI document is made from these.) */
export const ZExportParams = z.object({
  type: z.enum(EXPORT_TYPES).meta({ description: 'What to export.' }),
});
/** The export link's token: missing, invalid or expired is a 401. */
export const ZExportQuery = z.object({
  token: z.string().min(1).meta({
    description:
      "The link's token from the GraphQL mutation createExportLink (admins only): single-purpose, valid for 5 minutes.",
  }),
});

/** Whether the user a download link was made for is still an admin (a link outlives no demotion). */
export async function isStillAdmin(db: Db, uid: string): Promise<boolean> {
  return (await adminOf(db, uid)) !== null;
}

async function adminOf(db: Db, uid: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, admin: users.admin })
    .from(users)
    .where(eq(users.id, uid))
    .limit(1);
  return row?.admin === true ? row : null;
}

/**
 * GET /admin/export/{customers|orders}?token=: the admin's export link. The token is a short-lived,
 * single-purpose one from createExportLink, never the login token; the CSV streams as it is read, from
 * the read replica when DATABASE_READ_URL is set.
 */
export async function registerExportRoute(
  app: FastifyInstance,
  deps: { db: Db; readDb: Db; config: Config },
) {
  app.get('/admin/export/:type', async (req, reply) => {
    const params = ZExportParams.safeParse(req.params);
    if (!params.success) return reply.code(404).type('text/plain').send('Unknown export.');
    const { type } = params.data;
    const query = ZExportQuery.safeParse(req.query);
    const uid = query.success
      ? verifyExportToken(deps.config.appSecret, query.data.token, type, Date.now())
      : null;
    if (!uid) {
      return reply
        .code(401)
        .type('text/plain')
        .send('This export link is invalid or has expired. Start the export again from the admin area.');
    }
    const admin = await adminOf(deps.db, uid);
    if (!admin) return reply.code(403).type('text/plain').send('Not Authorized');
    // Every customer's data leaves the platform: on the audit log (of no one account).
    await recordAudit(
      deps.db,
      { person: admin, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') },
      { accountId: null, action: 'admin.export', subject: { type: 'export', label: type } },
    );
    // The rows from the read replica when there is one (an export may lag by its replay delay); the
    // admin check above is on the primary.
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${exportFileName(type, new Date())}"`)
      .send(exportCsv(deps.readDb, type));
  });
}
