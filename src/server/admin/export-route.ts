import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { exportCsv, exportFileName, isExportType, verifyExportToken } from './exports.js';

/**
 * GET /admin/export/{customers|orders}?token=: the admin's export link. The token is a short-lived,
 * single-purpose one from createExportLink, never the login token; the CSV streams as it is read.
 */
export async function registerExportRoute(app: FastifyInstance, deps: { db: Db; config: Config }) {
  app.get('/admin/export/:type', async (req, reply) => {
    const { type } = req.params as { type: string };
    const { token } = req.query as { token?: string };
    if (!isExportType(type)) return reply.code(404).type('text/plain').send('Unknown export.');
    const uid = token ? verifyExportToken(deps.config.appSecret, token, type, Date.now()) : null;
    if (!uid) {
      return reply
        .code(401)
        .type('text/plain')
        .send('This export link is invalid or has expired. Start the export again from the admin area.');
    }
    const [admin] = await deps.db
      .select({ admin: users.admin })
      .from(users)
      .where(eq(users.id, uid))
      .limit(1);
    if (!admin?.admin) return reply.code(403).type('text/plain').send('Not Authorized');
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${exportFileName(type, new Date())}"`)
      .send(exportCsv(deps.db, type));
  });
}
