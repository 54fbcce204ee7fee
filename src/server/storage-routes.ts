import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG_EVIDENCE_PHOTO_TYPE, mayAddEvidence, type PlanOpener } from './action-plans/index.js';
import type { Adapters } from './adapters/index.js';
import {
  BRAND_IMAGE_TYPES,
  isAllowedFolder,
  MAX_UPLOAD_BYTES,
  MSG_BRAND_IMAGE_SIZE,
  MSG_BRAND_IMAGE_TYPE,
  maxUploadBytes,
} from './adapters/storage.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { evaluations, orders } from './db/schema.js';
import { RateLimitedError } from './errors.js';
import { limitRequest, RATE_LIMITED_REQUESTS } from './rate-limit.js';
import { identifyRequest, type RequestIdentity } from './request-identity.js';

/** Cookie that holds the id of the visitor's order in progress (a capability). */
export const ORDER_COOKIE = 'orderId';

const INLINE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
};

/**
 * Who may upload into a folder: the order's cart holder or owner, admins for brands, the shopper of
 * an evaluation for its photos and recordings. What is saved later must be a key of the object's own
 * folder (src/domain/upload-keys.ts), so this check is what binds a stored file to its object.
 */
async function mayUploadTo(
  db: Db,
  folder: string,
  who: RequestIdentity,
  orderCookie: string | undefined,
  /** For an action plan's folder: the caller, or the key of the plan's link they opened it by. */
  planOpener: PlanOpener,
) {
  const [kind, id] = folder.split('/') as [string, string];
  if (who.user?.admin) return true;
  // A plan's photo evidence: whoever may fill it in now (its location's people, or its link's holder).
  if (kind === 'actionPlans') return mayAddEvidence(db, id, planOpener);
  if (kind === 'customQuestionnaires') {
    if (orderCookie === id) return true;
    if (!who.user) return false;
    const owned = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.uid, who.user.id)))
      .limit(1);
    return owned.length > 0;
  }
  if (kind === 'evaluations') {
    if (!who.user) return false;
    const own = await db
      .select({ id: evaluations.id })
      .from(evaluations)
      .where(
        and(eq(evaluations.id, id), eq(evaluations.userId, who.user.id), eq(evaluations.isSurvey, false)),
      )
      .limit(1);
    return own.length > 0;
  }
  return false;
}

/**
 * The spec's upload flow: GET /s3/sign (header `folder`) signs an upload; the browser PUTs the file to
 * the returned URL; the file is then served from /s3/uploads/{folder}/{name}.
 */
export async function registerStorageRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; adapters: Adapters },
) {
  const { db, config, adapters } = deps;

  app.get('/s3/sign', async (req, reply) => {
    const folder = String(req.headers.folder ?? '');
    const q = req.query as { fileName?: string; contentType?: string; key?: string };
    if (!isAllowedFolder(folder)) return reply.code(400).send({ error: 'Invalid upload folder.' });
    if (!q.fileName) return reply.code(400).send({ error: 'fileName is required.' });
    const who = await identifyRequest(db, config, req);
    const planOpener: PlanOpener =
      typeof q.key === 'string' && q.key ? { key: q.key, secret: config.appSecret } : { caller: who };
    if (!(await mayUploadTo(db, folder, who, req.cookies[ORDER_COOKIE], planOpener))) {
      return reply.code(403).send({ error: 'Not Authorized' });
    }
    const contentType = q.contentType || 'application/octet-stream';
    if (folder.startsWith('actionPlans/') && !contentType.startsWith('image/')) {
      return reply.code(400).send({ error: MSG_EVIDENCE_PHOTO_TYPE });
    }
    if (folder.startsWith('brands/') && !BRAND_IMAGE_TYPES.includes(contentType)) {
      return reply.code(400).send({ error: MSG_BRAND_IMAGE_TYPE });
    }
    try {
      await limitRequest(
        deps,
        RATE_LIMITED_REQUESTS.uploadSign({ userId: who.person?.id ?? who.user?.id ?? null, ip: req.ip }),
      );
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      return reply
        .code(429)
        .header('retry-after', String(err.retryAfterSeconds))
        .send({ error: err.message, code: err.code, retryAfter: err.retryAfterSeconds });
    }
    const signed = await adapters.storage.sign({ folder, fileName: q.fileName, contentType });
    return { ...signed, maxBytes: maxUploadBytes(folder) };
  });

  const local = adapters.localStorage;
  if (!local) return;

  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.put('/s3/upload', async (req, reply) => {
      const q = req.query as { key?: string; expires?: string; contentType?: string; sig?: string };
      const contentType = req.headers['content-type'] ?? '';
      if (!q.key || !q.sig || !q.expires || q.contentType !== contentType) {
        return reply.code(400).send({ error: 'Invalid upload request.' });
      }
      if (!local.verifyUpload(q.key, Number(q.expires), q.contentType, q.sig)) {
        return reply.code(403).send({ error: 'This upload link is invalid or has expired.' });
      }
      const body = req.body as Buffer;
      if (!Buffer.isBuffer(body) || body.length === 0)
        return reply.code(400).send({ error: 'The file is empty.' });
      if (body.length > maxUploadBytes(q.key)) return reply.code(413).send({ error: MSG_BRAND_IMAGE_SIZE });
      await local.write(q.key, body);
      return reply.code(200).send({ ok: true, publicUrl: `/s3/uploads/${q.key}` });
    });
  });

  // Uploaded files go out as stored, with their length: images, audio and PDFs are compressed already.
  app.get('/s3/uploads/*', { compress: false }, async (req, reply) => {
    let key: string;
    try {
      key = decodeURIComponent((req.params as { '*': string })['*']);
    } catch {
      // A lone % (the request's %25) is no stored key's name; decoding it threw a URIError (a 500).
      return reply.code(404).send({ error: 'Not Found' });
    }
    const file = await local.open(key);
    if (!file) return reply.code(404).send({ error: 'Not Found' });
    const ext = path.extname(key).toLowerCase();
    const inline = INLINE_TYPES[ext];
    // Anything that is not a known image, audio or PDF is downloaded, never rendered on our origin.
    reply
      .header('content-type', inline ?? 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=86400');
    if (!inline)
      reply.header('content-disposition', `attachment; filename="${path.basename(key).replace(/"/g, '')}"`);
    return reply.send(file.stream);
  });
}
